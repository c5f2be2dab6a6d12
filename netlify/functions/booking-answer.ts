// GET /api/v1/bookings/<id>/<confirm|decline> — a page with one button; POST — the answer.
// Staff reach it from the notification's signed links. The logic lives in
// src/server/bookings/answer-handler.ts; this file only routes to it.
import type { Config } from '@netlify/functions';
import { createAnswerHandler } from '../../src/server/bookings/answer-handler.ts';

export default createAnswerHandler();

// Netlify reads this object from the source, so it must stay a literal.
export const config: Config = {
  path: '/api/v1/bookings/:id/:answer',
  method: ['GET', 'POST'],
};
