/**
 * Simple vector artwork for the demo catalogue (public/images/shows and public/images/venues).
 * Flat shapes and a title on a gradient: small files, crisp at any size, no third-party assets.
 */

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

interface PosterDef {
  title: string;
  kicker: string;
  from: string;
  to: string;
  ink: string;
  motif: string;
}

const POSTERS: Record<string, PosterDef> = {
  'the-glass-orchard': {
    title: 'The Glass Orchard',
    kicker: 'A new play',
    from: '#0f3b2e',
    to: '#05140f',
    ink: '#e8f5ec',
    motif: `<rect x="290" y="330" width="20" height="230" fill="#cfe8d8" opacity=".7"/>
      <g fill="#dff7ea" fill-opacity=".18" stroke="#e8f5ec" stroke-opacity=".8" stroke-width="3">
        <circle cx="300" cy="270" r="120"/><circle cx="220" cy="320" r="80"/><circle cx="380" cy="320" r="80"/>
        <circle cx="300" cy="190" r="70"/></g>
      <g fill="#f6fffa" opacity=".9"><circle cx="250" cy="280" r="9"/><circle cx="345" cy="240" r="9"/><circle cx="310" cy="350" r="9"/></g>`,
  },
  'echoes-of-avalon': {
    title: 'Echoes of Avalon',
    kicker: 'A musical in concert',
    from: '#3b1f6b',
    to: '#0d0820',
    ink: '#f1eafd',
    motif: `<rect x="292" y="150" width="16" height="330" fill="#e4dcf7"/><rect x="250" y="440" width="100" height="14" fill="#e4dcf7"/>
      <rect x="290" y="454" width="20" height="60" fill="#b9a6e8"/>
      <g stroke="#c9bbf2" stroke-width="3" fill="none" opacity=".7"><path d="M120 560 Q300 530 480 560"/><path d="M80 600 Q300 570 520 600"/><path d="M140 640 Q300 615 460 640"/></g>`,
  },
  'the-mill-girls': {
    title: 'The Mill Girls',
    kicker: 'A new musical',
    from: '#f2994a',
    to: '#5a1e12',
    ink: '#fff4e8',
    motif: `<circle cx="300" cy="420" r="150" fill="#ffd08a" opacity=".55"/>
      <g fill="#3a120b"><rect x="110" y="240" width="40" height="330"/><rect x="450" y="200" width="44" height="370"/>
      <rect x="60" y="480" width="480" height="90"/>
      <g><circle cx="210" cy="420" r="22"/><rect x="192" y="445" width="36" height="90" rx="12"/>
      <circle cx="300" cy="410" r="22"/><rect x="282" y="435" width="36" height="100" rx="12"/>
      <circle cx="390" cy="420" r="22"/><rect x="372" y="445" width="36" height="90" rx="12"/>
      <rect x="220" y="460" width="160" height="12" rx="6"/></g></g>`,
  },
  'fog-city-follies': {
    title: 'Fog City Follies',
    kicker: 'A razzle-dazzle revue',
    from: '#f5c84c',
    to: '#8a4b0f',
    ink: '#1f1203',
    motif: `<rect x="150" y="380" width="300" height="130" rx="16" fill="#7a1f1f"/><rect x="175" y="405" width="250" height="50" fill="#ffe7a8"/>
      <circle cx="200" cy="525" r="20" fill="#1f1203"/><circle cx="400" cy="525" r="20" fill="#1f1203"/>
      <rect x="240" y="230" width="120" height="110" fill="#1f1203"/><rect x="200" y="330" width="200" height="22" rx="11" fill="#1f1203"/>
      <rect x="240" y="305" width="120" height="14" fill="#c0392b"/>
      <g fill="#fffaf0" opacity=".45"><ellipse cx="120" cy="600" rx="160" ry="30"/><ellipse cx="470" cy="630" rx="170" ry="34"/></g>`,
  },
  'harbor-lights-live': {
    title: 'Harbor Lights Live',
    kicker: 'World tour',
    from: '#0b2545',
    to: '#02060f',
    ink: '#eaf2ff',
    motif: `<polygon points="300,250 600,150 600,330" fill="#fff2b3" opacity=".35"/>
      <polygon points="270,560 330,560 318,260 282,260" fill="#eaf2ff"/><rect x="276" y="230" width="48" height="34" fill="#ffd54f"/>
      <g fill="#ffd54f">${Array.from({ length: 14 }, (_, i) => `<circle cx="${60 + i * 37}" cy="${600 + (i % 3) * 14}" r="5"/>`).join('')}</g>`,
  },
  'neon-lowlands': {
    title: 'Neon Lowlands',
    kicker: 'Live in concert',
    from: '#14001f',
    to: '#000000',
    ink: '#ffffff',
    motif: `<polyline points="60,520 120,520 120,420 170,420 170,470 230,470 230,360 290,360 290,500 350,500 350,400 410,400 410,450 470,450 470,380 540,380 540,520"
        fill="none" stroke="#ff3fd1" stroke-width="6"/>
      <line x1="40" y1="560" x2="560" y2="560" stroke="#3ff6ff" stroke-width="6"/>
      <line x1="90" y1="600" x2="510" y2="600" stroke="#3ff6ff" stroke-width="3" opacity=".6"/>`,
  },
  'texas-two-step': {
    title: 'Texas Two-Step',
    kicker: 'A new musical',
    from: '#7b3f1d',
    to: '#241006',
    ink: '#fff1dc',
    motif: `<path d="M40 180 Q300 280 560 180" stroke="#f3d9b1" stroke-width="2" fill="none"/>
      <g fill="#ffe08a">${Array.from({ length: 9 }, (_, i) => {
        const x = 70 + i * 57;
        const y = 180 + Math.round(100 * (1 - ((x - 300) / 260) ** 2) * 0.5);
        return `<circle cx="${x}" cy="${y}" r="9"/>`;
      }).join('')}</g>
      <g fill="#d9a066"><path d="M180 380 h50 v120 h60 q10 40 -20 40 h-90 z"/><path d="M330 400 h50 v110 h60 q10 40 -20 40 h-90 z"/></g>
      <rect x="60" y="560" width="480" height="10" fill="#b07a45"/>`,
  },
  'swamp-after-dark': {
    title: 'Swamp After Dark',
    kicker: 'A lantern-lit experience',
    from: '#0d2b2a',
    to: '#020908',
    ink: '#e6fff6',
    motif: `<g stroke="#18423f" stroke-width="18"><line x1="90" y1="160" x2="110" y2="560"/><line x1="500" y1="140" x2="480" y2="560"/><line x1="420" y1="200" x2="430" y2="560"/></g>
      <circle cx="260" cy="380" r="90" fill="#ffcf6b" opacity=".18"/><circle cx="260" cy="380" r="26" fill="#ffcf6b"/>
      <rect x="250" y="330" width="20" height="20" fill="#8a6a2a"/>
      <g fill="#d4ff5c"><ellipse cx="380" cy="560" rx="10" ry="6"/><ellipse cx="410" cy="560" rx="10" ry="6"/></g>
      <path d="M40 580 Q300 560 560 580" stroke="#2d6b66" stroke-width="3" fill="none"/>`,
  },
};

export function posterSvg(slug: string): string {
  const poster = POSTERS[slug];
  if (!poster) throw new Error(`no poster for ${slug}`);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 900" width="600" height="900" role="img" aria-label="${escapeXml(poster.title)}">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${poster.from}"/><stop offset="1" stop-color="${poster.to}"/></linearGradient></defs>
  <rect width="600" height="900" fill="url(#bg)"/>
  ${poster.motif}
  <text x="300" y="740" text-anchor="middle" font-family="Georgia, 'Times New Roman', serif" font-size="50" fill="${poster.ink}">${escapeXml(poster.title)}</text>
  <text x="300" y="800" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="22" letter-spacing="4" fill="${poster.ink}" opacity=".85">${escapeXml(poster.kicker.toUpperCase())}</text>
</svg>
`;
}

export const POSTER_SLUGS = Object.keys(POSTERS);

interface VenueArt {
  name: string;
  sky: string;
  wall: string;
  glow: string;
}

const VENUES: Record<string, VenueArt> = {
  'lumen-theatre': { name: 'The Lumen Theatre', sky: '#1d2b53', wall: '#8e3b2f', glow: '#ffe9a8' },
  'northern-playhouse': {
    name: 'Northern Playhouse',
    sky: '#2c3e50',
    wall: '#9a8f7d',
    glow: '#ffd98a',
  },
  'golden-gate-playhouse': {
    name: 'Golden Gate Playhouse',
    sky: '#56617a',
    wall: '#6b2d2d',
    glow: '#ffc56b',
  },
  'hudson-stage': { name: 'The Hudson Stage', sky: '#111827', wall: '#3f3f46', glow: '#ff6b9a' },
  'harbor-arena': { name: 'Harbor Arena', sky: '#0b1f3a', wall: '#5b7a99', glow: '#9fe3ff' },
  'motor-city-music-hall': {
    name: 'Motor City Music Hall',
    sky: '#1a1a1a',
    wall: '#7c2d12',
    glow: '#fbbf24',
  },
  'lone-star-theater': {
    name: 'Lone Star Theater',
    sky: '#3b1d4a',
    wall: '#a0522d',
    glow: '#ffe066',
  },
  'bayou-discovery': { name: 'Bayou Discovery', sky: '#0f2e2a', wall: '#2f5d50', glow: '#ffcf6b' },
};

export function venueSvg(slug: string): string {
  const venue = VENUES[slug];
  if (!venue) throw new Error(`no artwork for ${slug}`);
  const windows = Array.from(
    { length: 8 },
    (_, i) =>
      `<rect x="${250 + i * 90}" y="220" width="40" height="70" rx="20" fill="${venue.glow}" opacity=".8"/>`,
  ).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 600" width="1200" height="600" role="img" aria-label="${escapeXml(venue.name)}">
  <rect width="1200" height="600" fill="${venue.sky}"/>
  <rect x="200" y="160" width="800" height="380" fill="${venue.wall}"/>
  <polygon points="180,160 600,60 1020,160" fill="${venue.wall}"/>
  ${windows}
  <rect x="300" y="330" width="600" height="70" fill="#111" opacity=".85"/>
  <text x="600" y="378" text-anchor="middle" font-family="Georgia, 'Times New Roman', serif" font-size="40" fill="${venue.glow}">${escapeXml(venue.name)}</text>
  <rect x="520" y="430" width="160" height="110" fill="${venue.glow}" opacity=".6"/>
  <rect x="0" y="540" width="1200" height="60" fill="#0a0a0a"/>
</svg>
`;
}

export const VENUE_ART_SLUGS = Object.keys(VENUES);
