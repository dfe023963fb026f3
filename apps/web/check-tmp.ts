import { readFileSync } from 'node:fs';
import { geoContains } from 'd3-geo';
const gj = JSON.parse(readFileSync('apps/web/src/features/exam/nyc-boroughs.json','utf8'));
const pts: [string, number, number][] = JSON.parse(process.argv[2]!);
for (const [n, lon, lat] of pts) { const f = gj.features.find((f: any) => geoContains(f, [lon, lat])); console.log(n, f ? f.properties.borough : 'outside'); }
