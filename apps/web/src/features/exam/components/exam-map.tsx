import { useTranslation } from 'react-i18next';
import type { ExamMap as ExamMapData } from '@medallion/contracts/exam-map';
import { EXAM_MAP_BASE as base, projectExamMapPoint } from '../lib/exam-map-projection';

/**
 * Each borough's fill and where its label may go (offsets from the outline's centroid, best first) and
 * its turn: the first place that no point, crossing or badge of the question covers is taken (else the least covered).
 */
const BOROUGHS: Record<string, { key: string; fill: string; spots: [number, number][]; rotate?: number }> = {
  '36061': {
    key: 'manhattan',
    fill: '#F7B500',
    rotate: -62,
    spots: [
      [-4, 8],
      [14, -41],
      [-18, 42],
      [19, -52],
      [-24, 56],
    ],
  },
  '36047': {
    key: 'brooklyn',
    fill: '#FFE08A',
    spots: [
      [0, 20],
      [0, 36],
      [22, -22],
    ],
  },
  '36081': {
    key: 'queens',
    fill: '#FFF4D1',
    spots: [
      [18, 0],
      [34, 34],
      [-4, -28],
    ],
  },
  '36005': {
    key: 'bronx',
    fill: '#FDE7A6',
    spots: [
      [14, -14],
      [28, 16],
      [-20, 22],
    ],
  },
  '36085': {
    key: 'statenIsland',
    fill: '#FCEBC0',
    spots: [
      [-8, 14],
      [4, 48],
      [0, -22],
    ],
  },
};
const WATER = '#CFE3F1';
const OUTSIDE = '#E3E5E9';
const INK = '#16181D';
/** Where "New Jersey" is written, on the land west of the Hudson. */
const NEW_JERSEY = projectExamMapPoint(-74.15, 40.79);

type Circle = { x: number; y: number; r: number };

/** Circles along a label (its text about 0.6 em a character wide), turned with it. */
function labelCircles(x: number, y: number, text: string, size: number, rotate = 0): Circle[] {
  const half = (text.length * size * 0.6) / 2;
  const [cos, sin] = [Math.cos((rotate * Math.PI) / 180), Math.sin((rotate * Math.PI) / 180)];
  const n = Math.max(2, Math.ceil(half / (size * 0.5)));
  return Array.from({ length: n + 1 }, (_, i) => {
    const d = -half + (2 * half * i) / n;
    return { x: x + d * cos, y: y + d * sin, r: size * 0.55 };
  });
}
/** How much two sets of circles overlap (0: not at all). */
const overlap = (a: Circle[], b: Circle[]) =>
  a.reduce((sum, p) => sum + b.reduce((s, q) => s + Math.max(0, p.r + q.r - Math.hypot(p.x - q.x, p.y - q.y)), 0), 0);

/** A label with a white halo, readable over land, water and lines. */
function Halo({
  x,
  y,
  children,
  size = 15,
  rotate,
  weight = 'bold',
  fill = INK,
}: {
  x: number;
  y: number;
  children: string;
  size?: number;
  rotate?: number;
  weight?: 'bold' | 'normal';
  fill?: string;
}) {
  return (
    <text
      x={x}
      y={y}
      textAnchor="middle"
      dominantBaseline="central"
      fontSize={size}
      fontWeight={weight}
      fill={fill}
      stroke="#FFFFFF"
      strokeWidth={3.5}
      strokeLinejoin="round"
      paintOrder="stroke"
      transform={rotate ? `rotate(${rotate} ${x} ${y})` : undefined}
    >
      {children}
    </text>
  );
}

/**
 * The map of a map-reading question (question.map): water, the five boroughs and the land around them
 * (pre-projected at build time from the us-atlas counties), the question's lettered points and numbered
 * crossings, and a north arrow; a legend under it. Its labels are in the page's language. Screen
 * readers hear that the map belongs to this question and which letters and numbers it shows, never
 * which place a point is (that is what the question asks).
 */
export function ExamMap({ map, compact = false }: { map: ExamMapData; compact?: boolean }) {
  const { t, i18n } = useTranslation('exam');
  const lang = i18n.language;
  const points = map.points.map((p) => ({ ...p, ...projectExamMapPoint(p.lon, p.lat) }));
  const lines = (map.lines ?? []).map((l) => {
    const a = projectExamMapPoint(l.from[0], l.from[1]);
    const b = projectExamMapPoint(l.to[0], l.to[1]);
    return { ...l, a, b, mx: (a.x + b.x) / 2, my: (a.y + b.y) / 2 };
  });
  // What the question draws: a borough's label goes where it covers none of it.
  const taken: Circle[] = [
    ...points.flatMap((p) => [
      { x: p.x, y: p.y, r: 6 },
      { x: p.x + 15, y: p.y - 15, r: 12 },
    ]),
    ...lines.flatMap((l) => [0, 0.25, 0.5, 0.75, 1].map((f) => ({ x: l.a.x + f * (l.b.x - l.a.x), y: l.a.y + f * (l.b.y - l.a.y), r: f === 0.5 ? 13 : 4 }))),
  ];
  const boroughLabels = base.boroughs.flatMap((b) => {
    const style = BOROUGHS[b.fips];
    if (!style) return [];
    const text = t(`boroughs.${style.key}`);
    const spots = style.spots.map(([dx, dy]) => ({ x: b.x + dx, y: b.y + dy }));
    // The first free spot, else the least covered one.
    const scored = spots.map((p) => ({ ...p, covered: overlap(labelCircles(p.x, p.y, text, 15, style.rotate), taken) }));
    const best = scored.reduce((a, b) => (b.covered < a.covered ? b : a));
    return [{ fips: b.fips, text, rotate: style.rotate, x: best.x, y: best.y }];
  });
  const list = (items: string[]) => new Intl.ListFormat(lang, { type: 'conjunction' }).format(items);
  const label = [
    t('map.label'),
    t('map.points', { list: list(points.map((p) => p.label)) }),
    ...(lines.length ? [t('map.lines', { list: list(lines.map((l) => l.label)) })] : []),
  ].join(' ');
  const kinds = new Set(lines.map((l) => l.kind));
  return (
    <figure className={compact ? 'flex flex-col gap-2' : '-mx-4 flex flex-col gap-2 sm:mx-0'} data-testid="exam-map" lang={lang}>
      <svg
        viewBox={`0 0 ${base.width} ${base.height}`}
        role="img"
        aria-label={label}
        className={compact ? 'mx-auto block h-auto w-full max-w-[360px] rounded-lg' : 'mx-auto block h-auto max-h-[60svh] w-full max-w-[520px] sm:rounded-xl'}
      >
        <rect width={base.width} height={base.height} fill={WATER} />
        {base.neighbors.map((n) => (
          <path key={n.fips} d={n.d} fill={OUTSIDE} stroke="#B5BAC3" strokeWidth={0.8} />
        ))}
        {base.boroughs.map((b) => (
          <path key={b.fips} d={b.d} fill={BOROUGHS[b.fips]?.fill ?? '#FFF4D1'} />
        ))}
        <path d={base.water} fill="none" stroke={WATER} strokeWidth={5} strokeLinejoin="round" strokeLinecap="round" />
        <path d={base.borders} fill="none" stroke="#8A909B" strokeWidth={1} strokeDasharray="3 2" />
        <Halo x={NEW_JERSEY.x} y={NEW_JERSEY.y} size={14} weight="normal" fill="#4B5563">
          {t('map.newJersey')}
        </Halo>
        {boroughLabels.map((b) => (
          <Halo key={b.fips} x={b.x} y={b.y} rotate={b.rotate}>
            {b.text}
          </Halo>
        ))}
        {lines.map((l) => (
          <g key={l.label} data-testid={`exam-map-line-${l.label}`}>
            <line x1={l.a.x} y1={l.a.y} x2={l.b.x} y2={l.b.y} stroke="#FFFFFF" strokeWidth={6} strokeLinecap="round" />
            <line
              x1={l.a.x}
              y1={l.a.y}
              x2={l.b.x}
              y2={l.b.y}
              stroke={INK}
              strokeWidth={3}
              strokeLinecap="round"
              strokeDasharray={l.kind === 'tunnel' ? '4 3' : undefined}
            />
            <rect x={l.mx - 9.5} y={l.my - 9.5} width={19} height={19} rx={4} fill="#FFFFFF" stroke={INK} strokeWidth={2} />
            <text x={l.mx} y={l.my} textAnchor="middle" dominantBaseline="central" fontSize={15} fontWeight="bold" fill={INK}>
              {l.label}
            </text>
          </g>
        ))}
        {points.map((p) => (
          <g key={p.label} data-testid={`exam-map-point-${p.label}`}>
            <circle cx={p.x} cy={p.y} r={5} fill="#D64545" stroke="#FFFFFF" strokeWidth={2} />
            <line x1={p.x} y1={p.y} x2={p.x + 9} y2={p.y - 9} stroke={INK} strokeWidth={1.5} />
            <circle cx={p.x + 15} cy={p.y - 15} r={10.5} fill={INK} stroke="#FFFFFF" strokeWidth={2} />
            <text x={p.x + 15} y={p.y - 15} textAnchor="middle" dominantBaseline="central" fontSize={15} fontWeight="bold" fill="#FFFFFF">
              {p.label}
            </text>
          </g>
        ))}
        <g transform={`translate(${base.width - 26} 34)`} aria-hidden="true">
          <circle r={19} fill="#FFFFFF" stroke={INK} strokeWidth={1.5} />
          <path d="M0,-15 L7,6 L0,2 L-7,6 Z" fill={INK} />
          <text y={11} textAnchor="middle" dominantBaseline="central" fontSize={11} fontWeight="bold" fill={INK}>
            {t('map.north')}
          </text>
        </g>
      </svg>
      <ul className="mx-auto flex w-full max-w-[520px] flex-wrap gap-x-4 gap-y-1 px-4 text-sm text-slate-700 sm:px-0" aria-label={t('map.legend')}>
        <li className="flex items-center gap-1.5">
          <svg viewBox="0 0 20 20" className="size-5" aria-hidden="true">
            <circle cx={10} cy={10} r={7} fill={INK} />
            <text x={10} y={10} textAnchor="middle" dominantBaseline="central" fontSize={10} fontWeight="bold" fill="#FFFFFF">
              A
            </text>
          </svg>
          {t('map.legendPoint')}
        </li>
        {[...kinds].sort().map((kind) => (
          <li key={kind} className="flex items-center gap-1.5">
            <svg viewBox="0 0 24 12" className="h-3 w-6" aria-hidden="true">
              <line x1={2} y1={6} x2={22} y2={6} stroke={INK} strokeWidth={3} strokeLinecap="round" strokeDasharray={kind === 'tunnel' ? '4 3' : undefined} />
            </svg>
            {t(kind === 'tunnel' ? 'map.legendTunnel' : 'map.legendBridge')}
          </li>
        ))}
        <li className="flex items-center gap-1.5">
          <span className="size-4 rounded-sm border border-slate-400" style={{ background: OUTSIDE }} aria-hidden="true" />
          {t('map.legendOutside')}
        </li>
      </ul>
    </figure>
  );
}
