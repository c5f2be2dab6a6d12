import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { searchAnnouncement, toArticleHit, type ArticleHit, type PagefindResultData } from '../lib/articles/search.ts';
import { useEarlyInput } from './use-early-input.ts';
import './ArticleSearch.css';

/** Written by src/integrations/pagefind.ts after every `astro build`; not part of the bundle. */
const PAGEFIND_URL = '/pagefind/pagefind.js';
/** Searches once typing pauses, so a fast typist does not search every letter. */
const TYPING_PAUSE_MS = 200;

/** The part of Pagefind's browser API the search uses. */
interface Pagefind {
  options(options: { noWorker?: boolean; excerptLength?: number; excerptEllipsis?: string }): Promise<void>;
  init(): Promise<void>;
  search(term: string): Promise<{ results: { data(): Promise<PagefindResultData> }[] }>;
}

let pagefindLoading: Promise<Pagefind> | undefined;
let pagefindReady = false;

/** Loads Pagefind and its index once, when a visitor first reaches for the box. */
function loadPagefind(): Promise<Pagefind> {
  pagefindLoading ??= (async () => {
    const pagefind = (await import(/* @vite-ignore */ PAGEFIND_URL)) as Pagefind;
    // On the main thread: an index of articles is small enough to search there
    // without a stutter, and it spares the visitor a worker's download.
    await pagefind.options({ noWorker: true, excerptLength: 26, excerptEllipsis: '…' });
    await pagefind.init();
    pagefindReady = true;
    return pagefind;
  })();
  return pagefindLoading;
}

type SearchState =
  { kind: 'idle' } | { kind: 'loading' } | { kind: 'done'; term: string; hits: ArticleHit[] } | { kind: 'failed' };

function statusMessage(state: SearchState): string {
  switch (state.kind) {
    case 'idle':
      return '';
    case 'loading':
      return 'Loading search…';
    case 'done':
      return searchAnnouncement(state.hits.length, state.term);
    case 'failed':
      return 'Search is unavailable: the article index could not be loaded. Please reload the page to try again.';
  }
}

export default function ArticleSearch() {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [term, setTerm] = useState('');
  const [state, setState] = useState<SearchState>({ kind: 'idle' });

  const prepare = () => {
    loadPagefind().catch((error: unknown) => {
      // For whoever looks into it (the browser tests' traces keep the console): the visitor is told below.
      console.error('The article search index could not be loaded:', error);
      setState({ kind: 'failed' });
    });
  };

  // An emptied box clears the results at once; a failure stays said, as reloading is the only cure.
  const changeTerm = (next: string) => {
    setTerm(next);
    if (!next) setState((previous) => (previous.kind === 'failed' ? previous : { kind: 'idle' }));
  };

  // The box is uncontrolled, so what someone typed while the island loaded stays, and is searched.
  const root = useEarlyInput<HTMLElement>((search, changed) => {
    if (search.contains(document.activeElement)) prepare();
    changeTerm((changed.q ?? '').trim());
  });

  useEffect(() => {
    if (!term) return;
    let current = true;
    const timer = window.setTimeout(async () => {
      // Only the first search waits for the index; later ones take milliseconds and keep the last results meanwhile.
      if (!pagefindReady) setState({ kind: 'loading' });
      try {
        const pagefind = await loadPagefind();
        const { results } = await pagefind.search(term);
        const hits = (await Promise.all(results.map((result) => result.data()))).map(toArticleHit);
        if (current) setState({ kind: 'done', term, hits });
      } catch (error) {
        console.error('The article search failed:', error);
        if (current) setState({ kind: 'failed' });
      }
    }, TYPING_PAUSE_MS);
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [term]);

  const clearOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !input.current?.value) return;
    event.preventDefault();
    input.current.value = '';
    input.current.focus();
    changeTerm('');
  };

  const found = state.kind === 'done' && state.hits.length > 0 ? state : undefined;

  return (
    // Not a form: results follow the typing, there is nothing to submit.
    <search ref={root} className="article-search" onKeyDown={clearOnEscape}>
      {/* The status shares the label's line, so a message appearing moves nothing. */}
      <div className="article-search__top">
        <label className="article-search__label" htmlFor={inputId}>
          Search articles
        </label>
        <p className="article-search__status" role="status">
          {statusMessage(state)}
        </p>
      </div>
      <div className="article-search__field">
        <svg className="article-search__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <circle cx="11" cy="11" r="6.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
          <path d="m16 16 4.5 4.5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        </svg>
        <input
          ref={input}
          id={inputId}
          className="article-search__input"
          type="search"
          name="q"
          placeholder="A topic, a statute, a keyword…"
          autoComplete="off"
          enterKeyHint="search"
          onFocus={prepare}
          onChange={(event) => {
            prepare();
            changeTerm(event.target.value.trim());
          }}
        />
      </div>
      {found && (
        <ol className="article-search__results" aria-label={`Articles matching “${found.term}”`}>
          {found.hits.map((hit) => (
            <li className="search-hit" key={hit.href}>
              {(hit.category || hit.date) && (
                <p className="search-hit__meta">
                  {hit.category && <span className="search-hit__category">{hit.category}</span>}
                  {hit.date && <span>{hit.date}</span>}
                </p>
              )}
              <a className="search-hit__link" href={hit.href}>
                {hit.title}
              </a>
              <p className="search-hit__excerpt">
                {hit.excerpt.map((part, index) => (part.marked ? <mark key={index}>{part.text}</mark> : part.text))}
              </p>
            </li>
          ))}
        </ol>
      )}
    </search>
  );
}
