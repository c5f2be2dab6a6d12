// The application form's photos: each photo chosen for a certificate is reduced
// in the background (src/forms/application/prepare-photo.ts); the form sends
// the reduced file in its place, says so under the field, and waits for any
// still being reduced before it sends.
import { useRef, useState } from 'react';
import { photoReducedMessage, reducedPhotoName } from '../../forms/application/photo-reduction.ts';
import { preparePhoto } from '../../forms/application/prepare-photo.ts';

interface Preparation {
  chosen: File;
  /** What to send instead of `chosen`: null until the photo is ready. */
  toSend: File | null;
  /** Settles once `toSend` is set. */
  ready: Promise<unknown>;
}

export function usePhotoReduction<Field extends string>() {
  /** What each field says about its photo, e.g. "Photo reduced from 4.2 MB to 640 KB". */
  const [notes, setNotes] = useState<Partial<Record<Field, string>>>({});
  const [inProgress, setInProgress] = useState(0);
  const preparations = useRef(new Map<Field, Preparation>());

  const setNote = (field: Field, note?: string) =>
    setNotes((current) => {
      if (current[field] === note) return current;
      const next = { ...current };
      if (note === undefined) delete next[field];
      else next[field] = note;
      return next;
    });

  /**
   * Starts reducing the photo chosen for `field`. Resolves with the file to
   * send, or with null when another file was chosen for the field meanwhile.
   */
  function prepare(field: Field, chosen: File): Promise<File | null> {
    setNote(field);
    setInProgress((count) => count + 1);
    const preparation: Preparation = { chosen, toSend: null, ready: Promise.resolve() };
    const result = preparePhoto(chosen).then((jpeg) => {
      setInProgress((count) => count - 1);
      const toSend = jpeg
        ? new File([jpeg], reducedPhotoName(chosen.name), { type: 'image/jpeg', lastModified: chosen.lastModified })
        : chosen;
      preparation.toSend = toSend;
      if (preparations.current.get(field) !== preparation) return null;
      if (toSend !== chosen) setNote(field, photoReducedMessage(chosen.size, toSend.size));
      return toSend;
    });
    preparation.ready = result;
    preparations.current.set(field, preparation);
    return result;
  }

  /** Forgets the field's photo: a document that is not a photo, or nothing, was chosen. */
  function forget(field: Field) {
    preparations.current.delete(field);
    setNote(field);
  }

  /** The file to send for what a field holds: its reduced photo once ready, else what was chosen. */
  function fileToSend(field: Field, chosen: File | null): File | null {
    const preparation = preparations.current.get(field);
    return preparation?.chosen === chosen && preparation.toSend ? preparation.toSend : chosen;
  }

  /** Settles once the photo of every field is ready, including photos chosen while waiting. */
  async function settled(): Promise<void> {
    for (;;) {
      const pending = [...preparations.current.values()].filter((preparation) => preparation.toSend === null);
      if (pending.length === 0) return;
      await Promise.all(pending.map((preparation) => preparation.ready));
    }
  }

  return { notes, preparing: inProgress > 0, prepare, forget, fileToSend, settled };
}
