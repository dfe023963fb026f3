/*
 * Where the license guide's figures come from (/steps, issue #30): the public sources of the TLC fact
 * sheet (/work/shared/design/tlc-facts.md), each with its address and the day its figures were last
 * checked there. Every figure the guide shows names one of these in its step's `figures`
 * (locales/<lng>/steps.json); a figure without a source here is not shown. The names are in the locale
 * files (`sources.<id>`).
 */
export const GUIDE_SOURCES = {
  /** NYC Business, "TLC Driver License": the fee, e-check/card, requirements (fact sheet 5, 120, 121). */
  nycb: { url: 'https://nyc-business.nyc.gov/nycbusiness/description/tlc-driver-license/apply', checked: '2026-11-28' },
  /** TLC, "Text notification of missing requirements": the 24-hour course and exam within 90 days of filing (121–125). */
  miss: { url: 'https://www.nyc.gov/site/tlc/drivers/text-notification-of-missing-requirements.page', checked: '2026-11-28' },
  /** Title 35 of the Rules of the City of New York, chapter 80 (the fact sheet's copy): age, term, drug tests, renewal (2, 4, 5, 7, 61, 125). */
  rcny: { url: 'https://github.com/soundpress/nyccharter_merged_test/blob/13e3547/docs/d02/c19/index.rst', checked: '2026-11-28' },
  /** PAPA DMV (third-party): the IdentoGO service code and fee, the LabCorp drug test fee (126, 127). */
  papa: { url: 'https://papadmv.com/amp/tlc-license-application-process-in-new-york', checked: '2026-11-28' },
  /** PAPA DMV, "How to become a taxi cab driver in New York City": 80 multiple-choice questions (128). */
  papaExam: { url: 'https://papadmv.com/amp/how-to-become-a-taxi-cab-driver-in-new-york-city', checked: '2026-11-28' },
} as const;

export type GuideSourceId = keyof typeof GUIDE_SOURCES;

/** One figure the guide shows (as written in the text, e.g. "$252", "90 days", "15425Y") and its source. */
export interface GuideFigure {
  value: string;
  source: GuideSourceId;
}
