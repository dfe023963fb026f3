import { eq } from 'drizzle-orm';
import { EXAM_TIMED_MINUTES_DEFAULT, EXAM_TIMED_MINUTES_MAX, EXAM_TIMED_MINUTES_MIN, type ExamSettings } from '@medallion/contracts/exam';
import type { DbExecutor } from '@medallion/db/client';
import { appSettings } from '@medallion/db/schema';

/** app_settings key of the timed simulation's length in minutes (staff set it). */
export const TIMED_MINUTES_KEY = 'exam_timed_minutes';

/** The timed simulation's length: the staff's setting, else the default (a broken value falls back too). */
export async function getExamSettings(db: DbExecutor): Promise<ExamSettings> {
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, TIMED_MINUTES_KEY));
  const minutes = Number(row?.value);
  const valid = Number.isInteger(minutes) && minutes >= EXAM_TIMED_MINUTES_MIN && minutes <= EXAM_TIMED_MINUTES_MAX;
  return { timed_minutes: valid ? minutes : EXAM_TIMED_MINUTES_DEFAULT };
}

/** PUT /admin/exam/settings: the contract has checked the range; a running simulation keeps its deadline. */
export async function updateExamSettings(db: DbExecutor, settings: ExamSettings): Promise<ExamSettings> {
  const value = String(settings.timed_minutes);
  await db.insert(appSettings).values({ key: TIMED_MINUTES_KEY, value }).onConflictDoUpdate({ target: appSettings.key, set: { value } });
  return getExamSettings(db);
}
