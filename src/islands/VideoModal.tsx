import { useEffect, useRef, useState } from 'react';
import { useModalDialog } from './use-modal-dialog.ts';
import './Modal.css';

/**
 * The firm keeps the modal's active class for about 2 s after it closes, while it animates out
 * (docs/requirements.md#modals-and-sidebar).
 */
const VIDEO_ACTIVE_AFTER_CLOSE_MS = 2000;

interface Props {
  /** The player's embed URL, without query string. */
  embedUrl: string;
  title: string;
  /** The hero card's own text. */
  label: string;
  description: string;
  /** The close button's name, in the page's language. */
  closeLabel: string;
}

/** The player autoplays with its controls hidden, as the firm asks (docs/requirements.md#modals-and-sidebar). */
const playerSource = (embedUrl: string) => `${embedUrl}?autoplay=1&controls=0&rel=0&modestbranding=1`;

export default function VideoModal({ embedUrl, title, label, description, closeLabel }: Props) {
  const [open, setOpen] = useState(false);
  const frame = useRef<HTMLIFrameElement>(null);
  const { active, dialogProps } = useModalDialog({
    open,
    onClose: () => setOpen(false),
    activeAfterCloseMs: VIDEO_ACTIVE_AFTER_CLOSE_MS,
  });
  // The frame's source is empty while closed, which also stops the video. React
  // drops an empty src attribute, so it is set here.
  useEffect(() => {
    frame.current?.setAttribute('src', open ? playerSource(embedUrl) : '');
  }, [open, embedUrl]);

  return (
    <>
      <button type="button" className="hero-card hero-card--video" onClick={() => setOpen(true)} aria-haspopup="dialog">
        <span className="hero-card__icon" aria-hidden="true">
          <svg viewBox="0 0 24 24" width="22" height="22">
            <path d="M8 5.5v13l10.5-6.5z" fill="currentColor" />
          </svg>
        </span>
        <span className="hero-card__label">{label}</span>
        <span className="hero-card__text">{description}</span>
      </button>
      <dialog {...dialogProps} className={`modal video-modal${active ? ' active' : ''}`} aria-label={title}>
        <div className="modal__panel video-modal__panel">
          <button
            type="button"
            className="modal__close"
            aria-label={closeLabel}
            onClick={() => setOpen(false)}
            data-autofocus
          >
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
              <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
          <div className="video-modal__frame">
            {/* Controls are hidden, so the player takes no keyboard focus of its own. */}
            <iframe
              ref={frame}
              title={title}
              tabIndex={-1}
              allow="autoplay; encrypted-media; picture-in-picture"
              allowFullScreen
            />
          </div>
        </div>
      </dialog>
    </>
  );
}
