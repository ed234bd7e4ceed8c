// Names in the nine interface languages: en, es, fr, it, de, ar, zh, pl, ru.
type Names = { en: string; es: string; fr: string; it: string; de: string; ar: string; zh: string; pl: string; ru: string };
const n = (en: string, es: string, fr: string, it: string, de: string, ar: string, zh: string, pl: string, ru: string): Names => ({
  en, es, fr, it, de, ar, zh, pl, ru,
});

export const SEED_CATEGORIES: { id: string; icon: string; color: string; names: Names }[] = [
  { id: 'water', icon: '🌊', color: '#0ea5e9', names: n('Water', 'Agua', 'Eau', 'Acqua', 'Wasser', 'الماء', '水上', 'Woda', 'Вода') },
  { id: 'sky', icon: '🪂', color: '#6366f1', names: n('Sky', 'Cielo', 'Ciel', 'Cielo', 'Himmel', 'السماء', '天空', 'Niebo', 'Небо') },
  { id: 'snow', icon: '🏂', color: '#38bdf8', names: n('Snow', 'Nieve', 'Neige', 'Neve', 'Schnee', 'الثلج', '雪上', 'Śnieg', 'Снег') },
  { id: 'motor', icon: '🏍️', color: '#ef4444', names: n('Motor', 'Motor', 'Moteur', 'Motori', 'Motor', 'المحركات', '赛车', 'Motorowe', 'Мотоспорт') },
  { id: 'desert', icon: '🏜️', color: '#f59e0b', names: n('Desert', 'Desierto', 'Désert', 'Deserto', 'Wüste', 'الصحراء', '沙漠', 'Pustynia', 'Пустыня') },
  { id: 'urban', icon: '🛹', color: '#a855f7', names: n('Urban', 'Urbano', 'Urbain', 'Urbano', 'Urban', 'الحضري', '城市', 'Miejskie', 'Городские') },
  { id: 'mountain', icon: '🏔️', color: '#22c55e', names: n('Mountain', 'Montaña', 'Montagne', 'Montagna', 'Berg', 'الجبال', '山地', 'Góry', 'Горы') },
];

export const SEED_DISCIPLINES: { id: string; category: string; icon: string; color: string; names: Names }[] = [
  { id: 'surfing', category: 'water', icon: '🏄', color: '#0ea5e9', names: n('Surfing', 'Surf', 'Surf', 'Surf', 'Surfen', 'ركوب الأمواج', '冲浪', 'Surfing', 'Сёрфинг') },
  { id: 'kitesurfing', category: 'water', icon: '🪁', color: '#06b6d4', names: n('Kitesurfing', 'Kitesurf', 'Kitesurf', 'Kitesurf', 'Kitesurfen', 'ركوب الأمواج بالطائرة الورقية', '风筝冲浪', 'Kitesurfing', 'Кайтсёрфинг') },
  { id: 'wakeboarding', category: 'water', icon: '🚤', color: '#0284c7', names: n('Wakeboarding', 'Wakeboard', 'Wakeboard', 'Wakeboard', 'Wakeboarden', 'التزلج على الماء بالألواح', '尾波滑水', 'Wakeboarding', 'Вейкбординг') },
  { id: 'diving', category: 'water', icon: '🤿', color: '#1d4ed8', names: n('Diving', 'Buceo', 'Plongée', 'Immersione', 'Tauchen', 'الغوص', '潜水', 'Nurkowanie', 'Дайвинг') },
  { id: 'rafting', category: 'water', icon: '🚣', color: '#0891b2', names: n('Rafting', 'Rafting', 'Rafting', 'Rafting', 'Rafting', 'التجديف في المياه البيضاء', '漂流', 'Rafting', 'Рафтинг') },
  { id: 'skydiving', category: 'sky', icon: '🪂', color: '#6366f1', names: n('Skydiving', 'Paracaidismo', 'Parachutisme', 'Paracadutismo', 'Fallschirmspringen', 'القفز المظلي', '跳伞', 'Skoki spadochronowe', 'Парашютный спорт') },
  { id: 'paragliding', category: 'sky', icon: '🪂', color: '#8b5cf6', names: n('Paragliding', 'Parapente', 'Parapente', 'Parapendio', 'Gleitschirmfliegen', 'الطيران المظلي', '滑翔伞', 'Paralotniarstwo', 'Парапланеризм') },
  { id: 'basejumping', category: 'sky', icon: '🏙️', color: '#4f46e5', names: n('BASE Jumping', 'Salto BASE', 'BASE jump', 'BASE jumping', 'BASE-Jumping', 'قفز البيس', '低空跳伞', 'Skoki BASE', 'Бейсджампинг') },
  { id: 'wingsuit', category: 'sky', icon: '🦅', color: '#7c3aed', names: n('Wingsuit', 'Traje aéreo', 'Wingsuit', 'Tuta alare', 'Wingsuit', 'بدلة الأجنحة', '翼装飞行', 'Wingsuit', 'Вингсьют') },
  { id: 'snowboarding', category: 'snow', icon: '🏂', color: '#38bdf8', names: n('Snowboarding', 'Snowboard', 'Snowboard', 'Snowboard', 'Snowboarden', 'التزلج على الثلج بالألواح', '单板滑雪', 'Snowboard', 'Сноубординг') },
  { id: 'freeskiing', category: 'snow', icon: '⛷️', color: '#0ea5e9', names: n('Freeskiing', 'Esquí freestyle', 'Ski freestyle', 'Freeski', 'Freeskiing', 'التزلج الحر', '自由式滑雪', 'Freeskiing', 'Фрискиинг') },
  { id: 'snowkiting', category: 'snow', icon: '🪁', color: '#7dd3fc', names: n('Snowkiting', 'Snowkite', 'Snowkite', 'Snowkite', 'Snowkiten', 'التزلج بالطائرة الورقية على الثلج', '雪地风筝', 'Snowkiting', 'Сноукайтинг') },
  { id: 'iceclimbing', category: 'snow', icon: '🧗', color: '#93c5fd', names: n('Ice Climbing', 'Escalada en hielo', 'Escalade sur glace', 'Arrampicata su ghiaccio', 'Eisklettern', 'تسلق الجليد', '攀冰', 'Wspinaczka lodowa', 'Ледолазание') },
  { id: 'motocross', category: 'motor', icon: '🏍️', color: '#ef4444', names: n('Motocross', 'Motocross', 'Motocross', 'Motocross', 'Motocross', 'موتوكروس', '越野摩托', 'Motocross', 'Мотокросс') },
  { id: 'rally', category: 'motor', icon: '🏎️', color: '#dc2626', names: n('Rally', 'Rally', 'Rallye', 'Rally', 'Rallye', 'الراليات', '拉力赛', 'Rajdy', 'Ралли') },
  { id: 'jetski', category: 'motor', icon: '🚤', color: '#f97316', names: n('Jet Ski', 'Moto acuática', 'Jet-ski', 'Moto d’acqua', 'Jetski', 'الدراجات المائية', '摩托艇', 'Skutery wodne', 'Гидроцикл') },
  { id: 'atv', category: 'motor', icon: '🛻', color: '#b91c1c', names: n('ATV', 'Cuatrimoto', 'Quad', 'Quad', 'Quad', 'الدراجات الرباعية', '全地形车', 'Quady', 'Квадроциклы') },
  { id: 'sandboarding', category: 'desert', icon: '🏜️', color: '#f59e0b', names: n('Sandboarding', 'Sandboard', 'Sandboard', 'Sandboard', 'Sandboarden', 'التزلج على الرمال', '滑沙', 'Sandboarding', 'Сэндбординг') },
  { id: 'desertracing', category: 'desert', icon: '🚙', color: '#d97706', names: n('Desert Racing', 'Carreras en el desierto', 'Course dans le désert', 'Corse nel deserto', 'Wüstenrennen', 'سباقات الصحراء', '沙漠赛车', 'Wyścigi pustynne', 'Гонки по пустыне') },
  { id: 'camelracing', category: 'desert', icon: '🐪', color: '#b45309', names: n('Camel Racing', 'Carreras de camellos', 'Course de chameaux', 'Corse di cammelli', 'Kamelrennen', 'سباق الهجن', '骆驼赛跑', 'Wyścigi wielbłądów', 'Верблюжьи бега') },
  { id: 'skateboarding', category: 'urban', icon: '🛹', color: '#a855f7', names: n('Skateboarding', 'Skateboarding', 'Skateboard', 'Skateboard', 'Skateboarden', 'التزلج على اللوح', '滑板', 'Skateboarding', 'Скейтбординг') },
  { id: 'parkour', category: 'urban', icon: '🤸', color: '#9333ea', names: n('Parkour', 'Parkour', 'Parkour', 'Parkour', 'Parkour', 'الباركور', '跑酷', 'Parkour', 'Паркур') },
  { id: 'bmx', category: 'urban', icon: '🚲', color: '#c026d3', names: n('BMX', 'BMX', 'BMX', 'BMX', 'BMX', 'بي إم إكس', '小轮车', 'BMX', 'BMX') },
  { id: 'rollerblading', category: 'urban', icon: '🛼', color: '#d946ef', names: n('Rollerblading', 'Patinaje en línea', 'Roller en ligne', 'Pattinaggio in linea', 'Inlineskaten', 'التزلج بالعجلات', '直排轮滑', 'Jazda na rolkach', 'Роллерблейдинг') },
  { id: 'rockclimbing', category: 'mountain', icon: '🧗', color: '#22c55e', names: n('Rock Climbing', 'Escalada en roca', 'Escalade', 'Arrampicata su roccia', 'Klettern', 'تسلق الصخور', '攀岩', 'Wspinaczka skałkowa', 'Скалолазание') },
  { id: 'mountainbiking', category: 'mountain', icon: '🚵', color: '#16a34a', names: n('Mountain Biking', 'Ciclismo de montaña', 'VTT', 'Mountain bike', 'Mountainbiken', 'ركوب الدراجات الجبلية', '山地自行车', 'Kolarstwo górskie', 'Маунтинбайк') },
  { id: 'alpinism', category: 'mountain', icon: '🏔️', color: '#15803d', names: n('Alpinism', 'Alpinismo', 'Alpinisme', 'Alpinismo', 'Alpinismus', 'تسلق الجبال', '高山攀登', 'Alpinizm', 'Альпинизм') },
  { id: 'canyoning', category: 'mountain', icon: '🏞️', color: '#4d7c0f', names: n('Canyoning', 'Barranquismo', 'Canyoning', 'Torrentismo', 'Canyoning', 'استكشاف الأخاديد', '溪降', 'Kanioning', 'Каньонинг') },
];

export const DEFAULT_SETTINGS: Record<string, string> = {
  logo_url: '/logo.png',
  homepage_background_url: '',
  enabled_languages: JSON.stringify(['en', 'es', 'fr', 'de', 'it']),
};
