import { useTranslation } from 'react-i18next';
// The five boroughs as SVG paths (~1 KB), projected at build time by scripts/derive-nyc-boroughs.ts
// from a pre-filtered us-atlas extract, so the page loads neither d3-geo nor the geometry.
import map from '../borough-shapes.json';

/** FIPS codes of the five NYC counties (boroughs) and where their labels go. */
const BOROUGHS = {
  '36061': { key: 'manhattan', fill: '#F7B500', dx: -34, dy: -6 },
  '36047': { key: 'brooklyn', fill: '#FFE08A', dx: 0, dy: 4 },
  '36081': { key: 'queens', fill: '#FFF4D1', dx: 8, dy: 0 },
  '36005': { key: 'bronx', fill: '#FDE7A6', dx: 0, dy: 0 },
  '36085': { key: 'statenIsland', fill: '#FCEBC0', dx: 0, dy: 0 },
} as const;
type Fips = keyof typeof BOROUGHS;

const WIDTH = map.size;
const HEIGHT = map.size;
const SHAPES = map.shapes.map((s) => {
  const fips = s.fips as Fips;
  return { fips, d: s.d, x: s.x + BOROUGHS[fips].dx, y: s.y + BOROUGHS[fips].dy };
});

/** The five boroughs of New York City, drawn offline from a pre-filtered us-atlas extract (the intro recommends a map). */
export default function BoroughMap() {
  const { t } = useTranslation('exam');
  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={t('intro.mapLabel')} className="h-auto w-full" data-testid="borough-map">
      <rect width={WIDTH} height={HEIGHT} fill="#DCEBF5" rx={12} />
      {SHAPES.map((s) => (
        <path key={s.fips} d={s.d} fill={BOROUGHS[s.fips].fill} stroke="#16181D" strokeWidth={1} strokeLinejoin="round" />
      ))}
      {SHAPES.map((s) => (
        <text
          key={s.fips}
          x={s.x}
          y={s.y}
          textAnchor="middle"
          dominantBaseline="middle"
          className="fill-asphalt text-[15px] font-bold"
          stroke="#FFFFFF"
          strokeWidth={3}
          paintOrder="stroke"
        >
          {t(`boroughs.${BOROUGHS[s.fips].key}`)}
        </text>
      ))}
    </svg>
  );
}
