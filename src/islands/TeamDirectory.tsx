import { useState } from 'react';
import { useModalDialog } from './use-modal-dialog.ts';
import './Modal.css';
import './TeamDirectory.css';

export interface TeamCard {
  id: number;
  name: string;
  position: string;
  description: string;
  /** The description's language, when it is not the page's (English bios on a Kiswahili page). */
  descriptionLang?: string | undefined;
  image: { src: string; width: number; height: number };
}

interface Props {
  members: readonly TeamCard[];
  /** Portraits shown on first view, loaded at once: the first is the page's largest paint. */
  eagerPortraits?: number;
  /** The dialog's words in the page's language. */
  words?: { close: string; portraitOf: string };
}

export default function TeamDirectory({
  members,
  eagerPortraits = 0,
  words = { close: 'Close', portraitOf: 'Portrait of' },
}: Props) {
  const [selected, setSelected] = useState<TeamCard | null>(null);
  // The last person shown stays in the dialog while it animates closed.
  const [shown, setShown] = useState<TeamCard | null>(null);
  const close = () => setSelected(null);
  const { dialogProps } = useModalDialog({ open: selected !== null, onClose: close });

  return (
    <>
      <ul className="team-grid">
        {members.map((member, index) => (
          <li key={member.id}>
            <button
              type="button"
              className="team-card"
              aria-haspopup="dialog"
              onClick={() => {
                setSelected(member);
                setShown(member);
              }}
            >
              <img
                src={member.image.src}
                width={member.image.width}
                height={member.image.height}
                alt=""
                loading={index < eagerPortraits ? 'eager' : 'lazy'}
                fetchPriority={index === 0 && eagerPortraits > 0 ? 'high' : undefined}
                decoding="async"
              />
              <span className="team-card__name">{member.name}</span>
              <span className="team-card__position">{member.position}</span>
            </button>
          </li>
        ))}
      </ul>
      <dialog {...dialogProps} className="modal team-modal" aria-labelledby="team-modal-name">
        {shown && (
          <div className="modal__panel team-modal__panel">
            <button type="button" className="modal__close" aria-label={words.close} onClick={close} data-autofocus>
              <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
                <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </button>
            <img
              className="team-modal__image"
              src={shown.image.src}
              width={shown.image.width}
              height={shown.image.height}
              alt={`${words.portraitOf} ${shown.name}`}
            />
            <div className="team-modal__body">
              <h3 id="team-modal-name">{shown.name}</h3>
              <p className="team-modal__position">{shown.position}</p>
              <p lang={shown.descriptionLang}>{shown.description}</p>
            </div>
          </div>
        )}
      </dialog>
    </>
  );
}
