// When each meeting place takes consultations (src/content/consultation-hours.json):
// its weekly hours in Nairobi time, how long a consultation is, whether a time
// may be booked for the same day, and how many days ahead; a place may set its
// own length, lead or reach, else the file's defaults hold. And how long a
// time stays held for a visitor while staff have not answered.
import * as v from 'valibot';
import data from '../../content/consultation-hours.json' with { type: 'json' };

export const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;
type Weekday = (typeof WEEKDAYS)[number];

const clock = /^([01]\d|2[0-3]):([0-5]\d)$/;
const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** "08:30-16:30", read as minutes after midnight; the end after the start. */
const span = v.pipe(
  v.string(),
  v.check((value) => {
    const [from = '', to = ''] = value.split('-');
    return clock.test(from) && clock.test(to) && minutesOf(from) < minutesOf(to);
  }, 'hours written HH:MM-HH:MM, the end after the start'),
  v.transform((value) => {
    const [from, to] = value.split('-') as [string, string];
    return { from: minutesOf(from), to: minutesOf(to) };
  }),
);

const minutes = v.pipe(v.number(), v.integer(), v.minValue(15), v.maxValue(240));
const days = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(90));

const placeSchema = v.strictObject({
  hours: v.partial(
    v.strictObject(
      Object.fromEntries(WEEKDAYS.map((day) => [day, v.array(span)])) as Record<
        Weekday,
        v.ArraySchema<typeof span, undefined>
      >,
    ),
  ),
  consultationMinutes: v.optional(minutes),
  sameDay: v.optional(v.boolean()),
  daysAhead: v.optional(days),
});

const hoursSchema = v.strictObject({
  consultationMinutes: minutes,
  sameDay: v.boolean(),
  daysAhead: days,
  holdWorkingDays: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(10)),
  places: v.record(v.pipe(v.string(), v.regex(/^[a-z0-9-]+$/)), placeSchema),
});

export type ConsultationHours = v.InferOutput<typeof hoursSchema>;

/** One place's rules, its own where it sets them and the defaults elsewhere. */
export interface PlaceRules {
  hours: Partial<Record<Weekday, Array<{ from: number; to: number }>>>;
  consultationMinutes: number;
  sameDay: boolean;
  daysAhead: number;
}

/** The firm's file, checked: a mistake in it fails the build, naming the field. */
export const consultationHours: ConsultationHours = v.parse(hoursSchema, data);

/** The rules of `place`, or undefined for a place the file does not list (it offers no times). */
export function placeRules(place: string, file: ConsultationHours = consultationHours): PlaceRules | undefined {
  const own = Object.hasOwn(file.places, place) ? file.places[place] : undefined;
  if (!own) return undefined;
  return {
    hours: own.hours,
    consultationMinutes: own.consultationMinutes ?? file.consultationMinutes,
    sameDay: own.sameDay ?? file.sameDay,
    daysAhead: own.daysAhead ?? file.daysAhead,
  };
}
