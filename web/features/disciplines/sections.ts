export const SECTIONS = [
  { id: 'articles', icon: '📰' },
  { id: 'events', icon: '📅' },
  { id: 'tricktionary', icon: '🎯' },
  { id: 'places', icon: '📍' },
  { id: 'athletes', icon: '🏅' },
  { id: 'reviews', icon: '⭐' },
  { id: 'teams', icon: '👥' },
  { id: 'shops', icon: '🛍️' },
] as const;

export type SectionId = (typeof SECTIONS)[number]['id'];
