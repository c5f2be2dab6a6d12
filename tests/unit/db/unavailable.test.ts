import { describe, expect, it } from 'vitest';
import { DatabaseUnavailable, isUnavailable, isUniqueViolation } from '../../../src/server/db/unavailable.ts';
import { errorResponse } from '../../../src/server/http/responses.ts';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('a database that is unavailable', () => {
  it('is told apart from a statement that was wrong', () => {
    for (const error of [
      new DatabaseUnavailable('late'),
      withCode('ECONNREFUSED'),
      withCode('08006'),
      withCode('53300'),
      withCode('57P01'),
      withCode('57014'),
      new Error('timeout exceeded when trying to connect'),
      new AggregateError([withCode('ECONNREFUSED')]),
    ])
      expect(isUnavailable(error), String(error)).toBe(true);
    for (const error of [withCode('23505'), withCode('42601'), new Error('boom'), 'text', null])
      expect(isUnavailable(error), String(error)).toBe(false);
  });

  it('names the constraint that refused a row', () => {
    const refused = Object.assign(withCode('23505'), { constraint: 'holds_one_per_time' });
    expect(isUniqueViolation(refused)).toBe(true);
    expect(isUniqueViolation(refused, 'holds_one_per_time')).toBe(true);
    expect(isUniqueViolation(refused, 'settings_pkey')).toBe(false);
    expect(isUniqueViolation(withCode('23503'))).toBe(false);
  });

  it('answers a visitor 503 asking them to try again shortly, says nothing was stored, and logs it', async () => {
    const logged: Array<Record<string, unknown>> = [];
    const response = errorResponse(new DatabaseUnavailable('The database did not answer within 5000 ms'), {
      what: 'save your message',
      log: (entry) => logged.push(entry),
    });
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('60');
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const { message } = (await response.json()) as { message: string };
    expect(message).toMatch(/nothing was stored/);
    expect(message).toMatch(/try again in a minute or two/);
    expect(logged[0]).toMatchObject({ what: 'save your message', reason: 'database unavailable' });
  });

  it('answers in Kiswahili when the page was', async () => {
    const response = errorResponse(withCode('ECONNREFUSED'), { what: 'save your message', lang: 'sw', log: () => {} });
    expect(response.status).toBe(503);
    expect(((await response.json()) as { message: string }).message).toMatch(/Tafadhali jaribu tena/);
  });
});
