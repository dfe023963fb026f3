import { describe, expect, it } from 'vitest';
import { reportQuestionFormSchema, reportQuestionRequestSchema } from '../src/exam';

describe('reportQuestionFormSchema (the exam report popup)', () => {
  it('asks for an issue or a text, on the issues, by message key', () => {
    const result = reportQuestionFormSchema.safeParse({ selectedList: [], otherIssue: '   ' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['selectedList', 'reportIssueRequired']]);
  });

  it('keeps the text under 1000 characters and trims it', () => {
    expect(reportQuestionFormSchema.safeParse({ otherIssue: 'x'.repeat(1001) }).error?.issues[0]?.message).toBe('reportOtherTooLong');
    expect(reportQuestionFormSchema.parse({ selectedList: ['spelling'], otherIssue: ' typo ' })).toEqual({ selectedList: ['spelling'], otherIssue: 'typo' });
  });

  it('is what the request carries as its issue', () => {
    const issue = { selectedList: ['outdated'], otherIssue: '' };
    expect(reportQuestionRequestSchema.parse({ question_id: 'q1', issue: JSON.stringify(issue) }).issue).toEqual(reportQuestionFormSchema.parse(issue));
  });
});
