/**
 * An item's picture or, while it has none, its section's gradient (`placeholder`, Tailwind colour
 * stops) with its icon; both are decoration, the item's name says what it is. `priority`: the
 * picture is likely the largest thing on screen, so it loads at once, first.
 */
export function ItemPicture({
  src,
  className,
  placeholder,
  icon,
  priority = false,
}: {
  src: string | null;
  className: string;
  placeholder: string;
  icon: string;
  priority?: boolean;
}) {
  return src ? (
    <img
      src={src}
      alt=""
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      referrerPolicy="no-referrer"
      className={`${className} w-full object-cover`}
    />
  ) : (
    <div className={`${className} flex w-full items-center justify-center bg-gradient-to-br ${placeholder} text-5xl`} aria-hidden="true">
      {icon}
    </div>
  );
}

/** Where an item is, after a pin. */
export function ItemLocation({ location, className = 'text-sm text-slate-600' }: { location: string; className?: string }) {
  return (
    <p className={`flex items-start gap-1.5 ${className}`}>
      <span aria-hidden="true">📍</span>
      <span className="break-words">{location}</span>
    </p>
  );
}
