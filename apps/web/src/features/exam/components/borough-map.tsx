import { geoMercator, geoPath } from 'd3-geo';
import type { FeatureCollection, MultiPolygon, Polygon } from 'geojson';
import { useTranslation } from 'react-i18next';
// The five boroughs only (~2 KB), derived from us-atlas at build time by scripts/derive-nyc-boroughs.ts.
import boroughs from '../nyc-boroughs.json';

/** FIPS codes of the five NYC counties (boroughs) and where their labels go. */
const BOROUGHS = {
  '36061': { key: 'manhattan', fill: '#F7B500', dx: -34, dy: -6 },
  '36047': { key: 'brooklyn', fill: '#FFE08A', dx: 0, dy: 4 },
  '36081': { key: 'queens', fill: '#FFF4D1', dx: 8, dy: 0 },
  '36005': { key: 'bronx', fill: '#FDE7A6', dx: 0, dy: 0 },
  '36085': { key: 'statenIsland', fill: '#FCEBC0', dx: 0, dy: 0 },
} as const;
type Fips = keyof typeof BOROUGHS;

const WIDTH = 400;
const HEIGHT = 400;

const nyc = boroughs as FeatureCollection<Polygon | MultiPolygon, { borough: string; county: string }>;
const projection = geoMercator().fitExtent([[12, 12], [WIDTH - 12, HEIGHT - 12]], nyc);
const path = geoPath(projection);
const SHAPES = nyc.features.map((f) => {
  const fips = String(f.id) as Fips;
  const [x, y] = path.centroid(f);
  return { fips, d: path(f) ?? '', x: x + BOROUGHS[fips].dx, y: y + BOROUGHS[fips].dy };
});

/** The five boroughs of New York City, drawn offline from a pre-filtered us-atlas extract (spec §2: the intro recommends a map). */
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
