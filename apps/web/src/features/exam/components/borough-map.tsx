import { geoMercator, geoPath } from 'd3-geo';
import { feature } from 'topojson-client';
import type { FeatureCollection, Geometry } from 'geojson';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { useTranslation } from 'react-i18next';
// ~800 KB raw: this module is only ever loaded lazily (the intro popup of /exam).
import counties from 'us-atlas/counties-10m.json';

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

// Module level, once: keep only the five boroughs before converting and projecting.
const topology = counties as unknown as Topology<{ counties: GeometryCollection<{ name: string }> }>;
const nyc = feature(topology, {
  type: 'GeometryCollection',
  geometries: topology.objects.counties.geometries.filter((g) => String(g.id) in BOROUGHS),
}) as FeatureCollection<Geometry, { name: string }>;
const projection = geoMercator().fitExtent([[12, 12], [WIDTH - 12, HEIGHT - 12]], nyc);
const path = geoPath(projection);
const SHAPES = nyc.features.map((f) => {
  const fips = String(f.id) as Fips;
  const [x, y] = path.centroid(f);
  return { fips, d: path(f) ?? '', x: x + BOROUGHS[fips].dx, y: y + BOROUGHS[fips].dy };
});

/** The five boroughs of New York City, drawn offline from us-atlas (spec §2: the intro recommends a map). */
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
