import { describe, expect, it } from 'vitest';
import {
  canAddQuestion,
  contentProblems,
  MarkFailedRequest,
  ModuleRequest,
  TRAINING_ADMIN_MESSAGES,
  videoIdOf,
} from './training-admin.ts';

const question = (language = 'English') => ({
  question: 'Q',
  language,
  maxOptions: 2,
  options: [
    { text: 'A', isCorrect: true },
    { text: 'B', isCorrect: false },
  ],
});
const base = {
  passThreshold: 100,
  marks: 1,
  videos: [{ link: 'https://youtu.be/dQw4w9WgXcQ', language: 'English' }],
  fileIds: [],
  questions: [question()],
};

describe('training content rules (spec 3 §2.6, §5.2)', () => {
  it('reads an 11-character video id from the usual video-site addresses only', () => {
    expect(videoIdOf('https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(videoIdOf('https://youtu.be/dQw4w9WgXcQ?t=10')).toBe('dQw4w9WgXcQ');
    expect(videoIdOf('https://www.youtube.com/embed/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(videoIdOf('https://videos.example.test/a.mp4')).toBeUndefined();
    expect(videoIdOf('https://youtu.be/short')).toBeUndefined();
  });

  it('gives the two Save Changes alerts in order', () => {
    expect(contentProblems({ ...base, videos: [] })[0]?.message).toBe(TRAINING_ADMIN_MESSAGES.needsVideoAndQuestion);
    expect(contentProblems({ ...base, questions: [] })[0]?.message).toBe(TRAINING_ADMIN_MESSAGES.needsVideoAndQuestion);
    expect(contentProblems({ ...base, videos: [{ link: ' ', language: 'English' }] })[0]?.message).toBe(
      TRAINING_ADMIN_MESSAGES.needsVideoOrFile,
    );
    expect(contentProblems(base)).toEqual([]);
  });

  it('disables Add Question without a question, a language or max options', () => {
    expect(canAddQuestion('Q', 'English', 2)).toBe(true);
    expect(canAddQuestion(' ', 'English', 2)).toBe(false);
    expect(canAddQuestion('Q', '', 2)).toBe(false);
    expect(canAddQuestion('Q', 'English', 0)).toBe(false);
  });

  it('keeps the structure level for the leader type only, 1 by default', () => {
    const module = {
      name: 'M',
      description: '',
      category: '',
      supplierIds: [],
      productTypeIds: [],
      isCompulsory: false,
      active: true,
    };
    expect(ModuleRequest.parse({ ...module, trainingType: 3, structureLevelId: null }).structureLevelId).toBe(1);
    expect(ModuleRequest.parse({ ...module, trainingType: 1, structureLevelId: 4 }).structureLevelId).toBeNull();
  });
});

describe('MarkFailedRequest (decision 068)', () => {
  it('needs a short reason, trimmed, and says so', () => {
    for (const body of [{}, { reason: '' }, { reason: '   ' }, { reason: 'no' }]) {
      expect(MarkFailedRequest.safeParse(body).error?.issues[0]?.message).toBe(TRAINING_ADMIN_MESSAGES.reasonRequired);
    }
    expect(MarkFailedRequest.safeParse({ reason: 'x'.repeat(301) }).success).toBe(false);
    expect(MarkFailedRequest.parse({ reason: '  Copied answers ' })).toEqual({ reason: 'Copied answers' });
  });
});
