// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ExamMap as ExamMapData } from '@medallion/contracts/exam-map';
import { ExamMap } from '@/features/exam/components/exam-map';
import { i18n } from '@/lib/i18n';
import { renderWithApp } from './support/render';

const MAP: ExamMapData = {
  base: 'nyc',
  points: [
    { label: 'A', lon: -73.7789, lat: 40.6398 },
    { label: 'B', lon: -73.8726, lat: 40.7772 },
  ],
  lines: [
    { label: '1', kind: 'bridge', from: [-73.962, 40.76], to: [-73.94, 40.751] },
    { label: '2', kind: 'tunnel', from: [-73.999, 40.759], to: [-74.022, 40.768] },
  ],
};

describe('ExamMap', () => {
  it('draws the boroughs, the lettered points and numbered crossings, a north arrow and a legend', async () => {
    await renderWithApp(<ExamMap map={MAP} />);
    const map = await screen.findByRole('img', { name: /Map for this question/ });
    const svg = within(map);
    for (const label of ['A', 'B', '1', '2', 'Manhattan', 'Queens', 'Brooklyn', 'The Bronx', 'Staten Island', 'New Jersey', 'N']) {
      expect(svg.getByText(label, { selector: 'text' }), label).toBeTruthy();
    }
    expect(screen.getByTestId('exam-map-point-A')).toBeTruthy();
    expect(screen.getByTestId('exam-map-line-2')).toBeTruthy();
    const legend = screen.getByRole('list', { name: 'Map legend' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['ALettered point', 'Bridge', 'Tunnel', 'Outside New York City']);
  });

  it('tells screen readers the letters and numbers, never which place a point is', async () => {
    await renderWithApp(<ExamMap map={MAP} />);
    const name = (await screen.findByRole('img')).getAttribute('aria-label') ?? '';
    expect(name).toContain('Lettered points: A and B.');
    expect(name).toContain('Numbered crossings: 1 and 2.');
    expect(name).not.toMatch(/JFK|LaGuardia|Airport|Queensboro|Lincoln/i);
  });

  it('speaks Russian on a Russian page', async () => {
    await renderWithApp(<ExamMap map={{ base: 'nyc', points: [{ label: 'C', lon: -73.9262, lat: 40.8296 }] }} />);
    await i18n.changeLanguage('ru');
    const map = await screen.findByRole('img', { name: /Карта к этому вопросу/ });
    expect(within(map).getByText('Бронкс', { selector: 'text' })).toBeTruthy();
    expect(within(map).getByText('Стейтен-Айленд', { selector: 'text' })).toBeTruthy();
    expect(map.getAttribute('aria-label')).toContain('Точки с буквами: C.');
    expect(screen.queryByTestId('exam-map-line-1')).toBeNull();
    expect(within(screen.getByRole('list', { name: 'Условные обозначения' })).getAllByRole('listitem')).toHaveLength(2);
  });
});
