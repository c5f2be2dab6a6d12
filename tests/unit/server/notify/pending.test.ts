// When a failed notification is tried again, read from its record alone: the
// next run of the notify-pending function, then waits doubling to six hours,
// for at least a week; a submission just stored is left to its form function.
// Pure: no store, clocks fixed.
import { describe, expect, it } from 'vitest';
import {
  deliveryState,
  describePending,
  isStuck,
  retryWaitMs,
  RETRY_SCHEDULE,
} from '../../../../src/server/notify/pending.ts';
import type { ContactRecord, NotificationStatus } from '../../../../src/server/submissions/record.ts';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const RECEIVED = new Date('2026-11-22T07:03:17.000Z');
const at = (ms: number) => new Date(RECEIVED.getTime() + ms);

const record = (notified: NotificationStatus | null, receivedAt = RECEIVED): ContactRecord => ({
  schemaVersion: 2,
  type: 'contact',
  id: '01KAQ3V7ZJ5T0ZK3M9Q8N6W2XH',
  receivedAt: receivedAt.toISOString(),
  notified,
  fields: { name: 'Wanjiru Kamau', email: 'w@example.com', phone: '+254700000000', interest: 'Wills', msg: 'Hello' },
});

const failed = (attempts: number, lastAttemptAt: Date): NotificationStatus => ({
  at: null,
  attempts,
  lastError: 'ECONNREFUSED',
  lastAttemptAt: lastAttemptAt.toISOString(),
});

describe('the retry schedule', () => {
  it('is the next run, then waits doubling from one run’s 10 minutes to at most 6 hours', () => {
    const waits = RETRY_SCHEDULE.waitsMinutes;
    expect(waits[0]).toBe(0);
    expect(waits[1]).toBe(10);
    for (let i = 2; i < waits.length; i++) expect(waits[i]).toBe(Math.min(waits[i - 1]! * 2, 360));
    expect(waits.at(-1)).toBe(360);
    expect(retryWaitMs(1)).toBe(0);
    expect(retryWaitMs(2)).toBe(10 * MINUTE);
    expect(retryWaitMs(40)).toBe(6 * HOUR);
  });

  it('run every 10 minutes against a mail server that never recovers: retries on the next run, backs off to every 6 hours, stops after a week', () => {
    // The form function's attempt fails 5 s after arrival; runs start on the 10-minute mark and each send takes 3 s.
    let notified = failed(1, at(5_000));
    const attempts = [at(5_000).getTime()];
    const firstRun = Math.ceil(RECEIVED.getTime() / (10 * MINUTE)) * 10 * MINUTE;
    for (let run = firstRun; run < RECEIVED.getTime() + 9 * DAY; run += 10 * MINUTE) {
      if (deliveryState(record(notified), new Date(run)).state !== 'due') continue;
      notified = failed(notified.attempts + 1, new Date(run + 3_000));
      attempts.push(run + 3_000);
    }
    const gaps = attempts.slice(1).map((time, i) => time - attempts[i]!);
    // The first retry is the very next run.
    expect(attempts[1]).toBe(firstRun + 3_000);
    expect(gaps[0]).toBeLessThanOrEqual(10 * MINUTE);
    // Never shorter than the one before, never longer than 6 hours (and the run it falls in).
    for (let i = 1; i < gaps.length; i++) expect(gaps[i]).toBeGreaterThanOrEqual(gaps[i - 1]! - MINUTE);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(6 * HOUR + 10 * MINUTE);
    expect(gaps.at(-1)).toBeGreaterThanOrEqual(6 * HOUR - MINUTE);
    // For at least a week, then no more.
    expect(attempts.at(-1)! - RECEIVED.getTime()).toBeGreaterThanOrEqual(7 * DAY);
    expect(attempts.at(-1)! - RECEIVED.getTime()).toBeLessThan(7 * DAY + 6 * HOUR + 10 * MINUTE);
    expect(deliveryState(record(notified), at(30 * DAY)).state).toBe('given-up');
    expect(attempts.length).toBeGreaterThan(30);
    expect(attempts.length).toBeLessThan(40);
  });

  it('counts a wait as over a minute early, so the seconds a run’s sends take never push a retry to the run after', () => {
    const lastAttempt = at(HOUR + 3_000);
    expect(deliveryState(record(failed(2, lastAttempt)), at(HOUR + 10 * MINUTE)).state).toBe('due');
    expect(deliveryState(record(failed(2, lastAttempt)), at(HOUR + 8 * MINUTE))).toEqual({
      state: 'waiting',
      nextAttemptAt: new Date(lastAttempt.getTime() + 10 * MINUTE),
    });
  });
});

describe('what a record says about its notification', () => {
  it('a delivered one is done, whatever failed before', () => {
    const notified = {
      at: at(HOUR).toISOString(),
      attempts: 3,
      lastError: null,
      lastAttemptAt: at(HOUR).toISOString(),
    };
    expect(deliveryState(record(notified), at(2 * HOUR))).toEqual({ state: 'delivered', at: at(HOUR) });
    expect(describePending(record(notified), at(2 * HOUR))).toBeNull();
    expect(isStuck(record(notified), at(30 * DAY))).toBe(false);
  });

  it('one just stored, with no attempt yet, is left to its form function for two minutes, then is due', () => {
    expect(deliveryState(record(null), at(30_000)).state).toBe('arriving');
    expect(describePending(record(null), at(30_000))?.nextAttemptAt).toBe(
      at(RETRY_SCHEDULE.firstAttemptGraceMs).toISOString(),
    );
    expect(deliveryState(record(null), at(3 * MINUTE)).state).toBe('due');
  });

  it('one never tried and over a week old (stored while notifications were off) is not sent by itself, only reported', () => {
    expect(deliveryState(record(null), at(8 * DAY)).state).toBe('given-up');
    expect(isStuck(record(null), at(8 * DAY))).toBe(true);
  });

  it('one from before attempts were timed counts its wait from when it arrived', () => {
    const legacy = { at: null, attempts: 3, lastError: 'ECONNREFUSED' };
    expect(deliveryState(record(legacy), at(10 * MINUTE)).state).toBe('waiting');
    expect(deliveryState(record(legacy), at(20 * MINUTE)).state).toBe('due');
    expect(deliveryState(record(legacy), at(8 * DAY)).state).toBe('given-up');
  });

  it('is stuck once undelivered for a day, retried or given up on', () => {
    expect(isStuck(record(failed(5, at(23 * HOUR))), at(23 * HOUR))).toBe(false);
    expect(isStuck(record(failed(5, at(23 * HOUR))), at(DAY))).toBe(true);
    expect(describePending(record(failed(12, at(7 * DAY + HOUR))), at(8 * DAY))).toMatchObject({
      state: 'given-up',
      stuck: true,
      attempts: 12,
      nextAttemptAt: null,
      lastError: 'ECONNREFUSED',
    });
  });
});
