import { useEffect, useRef, useState, type ReactNode } from 'react';
import './PracticeCarousel.css';

/**
 * From this width (the firm's "above 768 px") the carousel pins and scrolls sideways as the page
 * scrolls (docs/requirements.md#practice-carousel).
 */
const PIN_MIN_WIDTH_PX = 769;

interface PracticeCard {
  title: string;
  description: string;
  href: string;
  image: { src: string; width: number; height: number };
}

interface Props {
  cards: readonly PracticeCard[];
  /** The section heading, pinned together with the cards. */
  children?: ReactNode;
  /** The cards' "Explore →", in the page's language. */
  moreLabel?: string;
}

export default function PracticeCarousel({ cards, children, moreLabel = 'Explore →' }: Props) {
  const section = useRef<HTMLDivElement>(null);
  const track = useRef<HTMLUListElement>(null);
  const [pinned, setPinned] = useState(false);
  const [height, setHeight] = useState<number | undefined>(undefined);

  useEffect(() => {
    const wide = window.matchMedia(`(min-width: ${PIN_MIN_WIDTH_PX}px)`);
    const update = () => setPinned(wide.matches);
    update();
    wide.addEventListener('change', update);
    return () => wide.removeEventListener('change', update);
  }, []);

  useEffect(() => {
    const list = track.current;
    const box = section.current;
    if (!pinned || !list || !box) {
      setHeight(undefined);
      if (list) list.style.transform = '';
      return;
    }
    let frame = 0;
    const overflow = () => Math.max(0, list.scrollWidth - list.clientWidth);
    const measure = () => setHeight(overflow() + window.innerHeight);
    const follow = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const travel = box.offsetHeight - window.innerHeight;
        const progress = travel > 0 ? Math.min(1, Math.max(0, -box.getBoundingClientRect().top / travel)) : 0;
        list.style.transform = `translate3d(${-progress * overflow()}px, 0, 0)`;
      });
    };
    measure();
    follow();
    window.addEventListener('scroll', follow, { passive: true });
    window.addEventListener('resize', measure);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', follow);
      window.removeEventListener('resize', measure);
    };
  }, [pinned]);

  return (
    <div ref={section} className={`practice-carousel${pinned ? ' is-pinned' : ''}`} style={{ height }}>
      <div className="practice-carousel__viewport">
        {children}
        <ul ref={track} className="practice-carousel__track">
          {cards.map((card, index) => (
            <li key={card.href} className="practice-carousel__item">
              <a className="practice-card" href={card.href}>
                <img
                  src={card.image.src}
                  width={card.image.width}
                  height={card.image.height}
                  alt=""
                  loading="lazy"
                  decoding="async"
                />
                <span className="practice-card__number">{String(index + 1).padStart(2, '0')}</span>
                <span className="practice-card__title">{card.title}</span>
                <span className="practice-card__text">{card.description}</span>
                <span className="practice-card__more" aria-hidden="true">
                  {moreLabel}
                </span>
              </a>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
