import { describe, expect, it } from 'vitest';
import { drawQuestions, estimatedMinutes, scoreDraw, youtubeVideoId } from './attempts.ts';
import { moduleRangeText } from './catalogue.ts';

const pool = [1, 2, 3, 4, 5].map((id) => ({
  id,
  question: `Q${id}`,
  maxOptions: 3,
  options: [
    { text: `right ${id}`, is_correct: true },
    ...[1, 2, 3, 4].map((n) => ({ text: `wrong ${id}.${n}`, is_correct: false })),
  ],
}));

describe('drawQuestions', () => {
  it('asks `count` distinct questions, each with max_options options and exactly one correct', () => {
    for (let run = 0; run < 50; run++) {
      const drawn = drawQuestions(pool, 3);
      expect(drawn).toHaveLength(3);
      expect(new Set(drawn.map((q) => q.questionId)).size).toBe(3);
      for (const q of drawn) {
        expect(q.options).toHaveLength(3);
        expect(q.options.filter((o) => o.is_correct)).toHaveLength(1);
      }
    }
  });

  it('shuffles: the correct option does not always come first', () => {
    const positions = new Set<number>();
    for (let run = 0; run < 60; run++) {
      for (const q of drawQuestions(pool, 5)) positions.add(q.options.findIndex((o) => o.is_correct));
    }
    expect(positions.size).toBe(3);
  });

  it('leaves out questions without a correct option and never asks more than there are', () => {
    const broken = [{ id: 9, question: 'No key', maxOptions: 2, options: [{ text: 'a', is_correct: false }] }];
    expect(
      drawQuestions([...pool.slice(0, 2), ...broken], 5)
        .map((q) => q.questionId)
        .sort(),
    ).toEqual([1, 2]);
  });
});

describe('scoreDraw', () => {
  it('counts the chosen correct options; unanswered counts as wrong', () => {
    const drawn = drawQuestions(pool, 3);
    const right = drawn.map((q) => q.options.findIndex((o) => o.is_correct));
    expect(scoreDraw(drawn, right)).toEqual({ marks: 3, percentage: 100 });
    expect(scoreDraw(drawn, [right[0]!, (right[1]! + 1) % 3])).toEqual({ marks: 1, percentage: 33.33 });
  });
});

describe('youtubeVideoId', () => {
  it('takes an 11-character id or the id of a YouTube link, nothing else', () => {
    expect(youtubeVideoId('aqz-KE-bpKQ')).toBe('aqz-KE-bpKQ');
    expect(youtubeVideoId('https://www.youtube.com/watch?v=aqz-KE-bpKQ&t=3')).toBe('aqz-KE-bpKQ');
    expect(youtubeVideoId('https://youtu.be/aqz-KE-bpKQ')).toBe('aqz-KE-bpKQ');
    expect(youtubeVideoId('https://videos.example.test/a.mp4')).toBeNull();
    expect(youtubeVideoId('')).toBeNull();
  });
});

describe('texts and figures', () => {
  it('reads ranges as the spec writes them and estimates minutes at 20 s a question', () => {
    expect(moduleRangeText(1, 8, 20)).toBe('1-8 of 20 modules');
    expect(moduleRangeText(3, 8, 20)).toBe('17-20 of 20 modules');
    expect(estimatedMinutes(3)).toBe(1);
    expect(estimatedMinutes(4)).toBe(2);
  });
});
