import { useRef, useState } from 'react';
import { useDialog } from '../lib/use-dialog';
import './Modal.css';
import './TeamDirectory.css';

export interface TeamCard {
  id: number;
  name: string;
  position: string;
  description: string;
  image: { src: string; width: number; height: number };
}

interface Props {
  members: readonly TeamCard[];
}

export default function TeamDirectory({ members }: Props) {
  const [selected, setSelected] = useState<TeamCard | null>(null);
  const dialog = useRef<HTMLDivElement>(null);
  const close = () => setSelected(null);
  const onKeyDown = useDialog(selected !== null, close, dialog);

  return (
    <>
      <ul className="team-grid">
        {members.map((member) => (
          <li key={member.id}>
            <button type="button" className="team-card" aria-haspopup="dialog" onClick={() => setSelected(member)}>
              <img src={member.image.src} width={member.image.width} height={member.image.height} alt="" loading="lazy" decoding="async" />
              <span className="team-card__name">{member.name}</span>
              <span className="team-card__position">{member.position}</span>
            </button>
          </li>
        ))}
      </ul>
      {selected && (
        <div
          className="modal team-modal active is-open"
          onClick={(event) => {
            if (event.target === event.currentTarget) close();
          }}
        >
          <div
            ref={dialog}
            className="modal__panel team-modal__panel"
            role="dialog"
            aria-modal="true"
            aria-labelledby="team-modal-name"
            onKeyDown={onKeyDown}
          >
            <button type="button" className="modal__close" aria-label="Close" onClick={close} data-autofocus>
              <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
                <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </button>
            <img
              className="team-modal__image"
              src={selected.image.src}
              width={selected.image.width}
              height={selected.image.height}
              alt={`Portrait of ${selected.name}`}
            />
            <div className="team-modal__body">
              <h3 id="team-modal-name">{selected.name}</h3>
              <p className="team-modal__position">{selected.position}</p>
              <p>{selected.description}</p>
            </div>
          </div>
        </div>
      )}
    </>
  );
}
