// The consultation form's optional time: once a place is chosen, its free times
// (GET SLOTS_ENDPOINT), grouped by day in one native select, so a keyboard, a
// screen reader and a phone's picker all handle it. An option names its day
// too, short, as a closed select shows only the option; each option's value is the
// time exactly as the endpoint gave it (form_data.slot). Loaded again after an
// answer that was not a success (another visitor may have just taken the time:
// 409), and emptied when a sent form is reset.
import { useEffect, useState } from 'react';
import { consultationCopy, SLOTS_ENDPOINT } from '../../forms/consultation/consultation.ts';
import type { Language } from '../../lib/i18n/languages.ts';
import { formatNairobiClock, formatNairobiShortDay, formatNairobiWeekday } from '../../lib/nairobi-time.ts';
import { Field } from './Field.tsx';
import type { EnquiryNotice } from './use-enquiry-form.ts';

interface Slot {
  start: string;
  end: string;
}

/** What the last request for a list brought: the list, or that it failed; `asked` says which request. */
interface Loaded {
  asked: string;
  slots: Slot[] | 'failed';
}

interface Props {
  /** The meeting place chosen, or '' for none. */
  place: string;
  label: string;
  error?: string | undefined;
  notice: EnquiryNotice;
  lang: Language;
}

async function loadTimes(place: string, fresh: boolean): Promise<Slot[]> {
  const response = await fetch(`${SLOTS_ENDPOINT}?place=${encodeURIComponent(place)}`, {
    headers: { Accept: 'application/json' },
    ...(fresh ? { cache: 'no-store' } : {}),
  });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const { slots } = (await response.json()) as { slots: Slot[] };
  return slots;
}

/** The slots by their day in Nairobi, in order. */
function byDay(slots: readonly Slot[], lang: Language): Array<[string, Slot[]]> {
  const days = new Map<string, Slot[]>();
  for (const slot of slots) {
    const day = formatNairobiWeekday(slot.start, lang);
    days.set(day, [...(days.get(day) ?? []), slot]);
  }
  return [...days];
}

export function TimeChoice({ place, label, error, notice, lang }: Props) {
  const copy = consultationCopy[lang].times;
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  // After each refusal the list is asked for anew, past the endpoint's few seconds of cache.
  const [refusals, setRefusals] = useState(0);
  const [lastNotice, setLastNotice] = useState(notice);
  if (notice !== lastNotice) {
    setLastNotice(notice);
    if (notice?.kind === 'not-sent') setRefusals(refusals + 1);
  }
  const asked = place ? `${place} ${refusals}` : '';

  useEffect(() => {
    if (!place) return;
    let current = true;
    const answer = (slots: Loaded['slots']) => current && setLoaded({ asked: `${place} ${refusals}`, slots });
    loadTimes(place, refusals > 0).then(answer, () => answer('failed'));
    return () => {
      current = false;
    };
  }, [place, refusals]);

  const result = asked && loaded?.asked === asked ? loaded.slots : undefined;
  const slots = Array.isArray(result) ? result : [];
  const status = !place
    ? copy.choosePlace
    : result === undefined
      ? copy.loading
      : result === 'failed'
        ? copy.failed
        : slots[0]
          ? copy.shown((new Date(slots[0].end).getTime() - new Date(slots[0].start).getTime()) / 60_000)
          : copy.noneFree;

  return (
    <Field name="slot" label={label} error={error} note={status} lang={lang}>
      {(control) => (
        // Keyed by the list, so a new list starts at "No particular time", never at a time it no longer has.
        <select
          {...control}
          key={slots.map((slot) => slot.start).join()}
          className="form-control"
          defaultValue=""
          disabled={!slots.length}
        >
          <option value="">{copy.none}</option>
          {byDay(slots, lang).map(([day, daySlots]) => (
            <optgroup key={day} label={day}>
              {daySlots.map((slot) => (
                <option key={slot.start} value={slot.start}>
                  {`${formatNairobiShortDay(slot.start, lang)}, ${formatNairobiClock(slot.start)}`}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      )}
    </Field>
  );
}
