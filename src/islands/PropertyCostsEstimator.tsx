// The property costs estimator (/tools/property-costs; docs/requirements.md#property-costs-estimator).
// Rendered on the server as a plain GET form whose fields are named as the
// query's parameters, so it submits without JavaScript; once hydrated it works
// out the estimate as the visitor types, keeps the inputs in the address
// (history.replaceState), so a reload or a shared link reopens the same
// estimate, and announces the figures. The calculation is src/lib/property-costs/.
import { useEffect, useId, useRef, useState, type ReactNode, type SubmitEvent } from 'react';
import type { Language } from '../lib/i18n/languages.ts';
import { AREAS, estimatePropertyCosts, type Area, type PropertyCostsInput } from '../lib/property-costs/estimate.ts';
import { groupShillings } from '../lib/property-costs/kes.ts';
import { propertyCostsQuery, readPropertyCostsQuery } from '../lib/property-costs/query.ts';
import type { RatesIn } from '../lib/property-costs/rates.ts';
import {
  estimateFigures,
  estimateSummary,
  whatsappShareHref,
  type EstimatorWords,
} from '../lib/property-costs/summary.ts';
import { EstimateLines } from './property-costs/EstimateLines.tsx';
import { useEarlyInput } from './use-early-input.ts';
import { WhatsAppLink } from './WhatsAppLink.tsx';
import './form/form.css';
import './PropertyCostsEstimator.css';

interface Props {
  lang: Language;
  words: EstimatorWords;
  rates: RatesIn;
  /** "Rates last checked on 27 November 2026", in the page's language. */
  checkedOn: string;
  consultationHref: string;
  /** "(opens in a new tab)", in the page's language. */
  newTab: string;
}

/** The fields as typed: amounts as text, until they read as one. */
interface Typed {
  price: string;
  area: Area | '';
  firstTime: boolean;
  paid: string;
  costs: string;
}

const NOTHING_TYPED: Typed = { price: '', area: '', firstTime: false, paid: '', costs: '' };

const amountText = (amount: number | undefined) => (amount === undefined ? '' : groupShillings(amount));

const typedFrom = (input: PropertyCostsInput): Typed => ({
  price: amountText(input.price),
  area: input.area ?? '',
  firstTime: input.firstTime,
  paid: amountText(input.paid),
  costs: amountText(input.costs),
});

/**
 * The fields as the island wakes: as the address gives them (the page is the same for every address), but
 * those the visitor already changed as they left them, in their own words.
 */
function typedOnWaking(changed: Record<string, string>): Typed {
  const typed = typedFrom(readPropertyCostsQuery(window.location.search));
  for (const name of ['price', 'paid', 'costs'] as const) typed[name] = changed[name] ?? typed[name];
  const area = AREAS.find((each) => each === changed.area) ?? typed.area;
  const firstTime = changed.firstTime === undefined ? typed.firstTime : changed.firstTime !== '';
  return { ...typed, area, firstTime };
}

/** What the fields say, read as the address would be: one reading of amounts for both. */
const inputFrom = (typed: Typed): PropertyCostsInput =>
  readPropertyCostsQuery(new URLSearchParams({ ...typed, firstTime: typed.firstTime ? '1' : '' }));

type AmountName = 'price' | 'paid' | 'costs';

interface AmountFieldProps {
  name: AmountName;
  label: string;
  hint?: string;
  value: string;
  error: string | undefined;
  onChange: (name: AmountName, value: string) => void;
}

function AmountField({ name, label, hint, value, error, onChange }: AmountFieldProps) {
  const id = useId();
  const describedBy = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ');
  return (
    <div className={`form-field${error ? ' form-field--invalid' : ''}`}>
      <label className="form-field__label" htmlFor={id}>
        {label}
      </label>
      {hint && (
        <p className="form-field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      <input
        className="form-control"
        id={id}
        name={name}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        onChange={(event) => onChange(name, event.currentTarget.value)}
      />
      {error && (
        <p className="form-field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

function Hint({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p className="form-field__hint" id={id}>
      {children}
    </p>
  );
}

export default function PropertyCostsEstimator({ lang, words, rates, checkedOn, consultationHref, newTab }: Props) {
  const id = useId();
  const [typed, setTyped] = useState<Typed>(NOTHING_TYPED);
  // Whether the fields hold what the address gave: until then the address is left as it came.
  const [restored, setRestored] = useState(false);
  const resultHeading = useRef<HTMLHeadingElement>(null);

  const input = inputFrom(typed);
  const estimate = estimatePropertyCosts(input, rates);
  const query = propertyCostsQuery(input);

  const formRef = useEarlyInput<HTMLFormElement>((_form, changed) => {
    setTyped(typedOnWaking(changed));
    setRestored(true);
  });

  useEffect(() => {
    if (!restored) return;
    const { pathname, hash } = window.location;
    window.history.replaceState(window.history.state, '', `${pathname}${query}${hash}`);
  }, [restored, query]);

  const change = (name: keyof Typed, value: string | boolean) => setTyped((now) => ({ ...now, [name]: value }));
  const notAmount = (name: AmountName) =>
    typed[name].trim() !== '' && input[name] === undefined ? words.notAmount : undefined;
  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    // Figures follow the fields as they change: the button only takes the visitor to them.
    event.preventDefault();
    resultHeading.current?.focus();
  };

  const shareHref =
    restored && input.price !== undefined
      ? whatsappShareHref(
          estimateSummary(input, estimate, words, `${window.location.origin}${window.location.pathname}${query}`),
        )
      : undefined;

  return (
    <div className="estimator">
      <form
        ref={formRef}
        className="site-form estimator__form"
        method="get"
        aria-labelledby={`${id}-form`}
        onSubmit={onSubmit}
      >
        <h2 id={`${id}-form`} className="estimator__heading">
          {words.formHeading}
        </h2>
        <AmountField
          name="price"
          label={words.price}
          hint={words.priceHint}
          value={typed.price}
          error={notAmount('price')}
          onChange={change}
        />
        <fieldset className="form-field form-choices" aria-describedby={`${id}-area-hint`}>
          <legend className="form-field__label">{words.area}</legend>
          <Hint id={`${id}-area-hint`}>{words.areaHint}</Hint>
          {AREAS.map((area) => (
            <div className="form-check" key={area}>
              <input
                className="form-check__input"
                type="radio"
                id={`${id}-${area}`}
                name="area"
                value={area}
                checked={typed.area === area}
                onChange={() => change('area', area)}
              />
              <label className="form-check__label" htmlFor={`${id}-${area}`}>
                {words[area]}
              </label>
            </div>
          ))}
        </fieldset>
        <div className="form-field">
          <div className="form-check">
            <input
              className="form-check__input"
              type="checkbox"
              id={`${id}-first-time`}
              name="firstTime"
              value="1"
              checked={typed.firstTime}
              aria-describedby={`${id}-first-time-hint`}
              onChange={(event) => change('firstTime', event.currentTarget.checked)}
            />
            <label className="form-check__label" htmlFor={`${id}-first-time`}>
              {words.firstTime}
            </label>
          </div>
          <Hint id={`${id}-first-time-hint`}>{words.firstTimeHint}</Hint>
        </div>
        <fieldset className="form-group estimator__seller" aria-describedby={`${id}-seller-hint`}>
          <legend>
            {words.seller} <span className="form-field__optional">{words.optional}</span>
          </legend>
          <Hint id={`${id}-seller-hint`}>{words.sellerHint}</Hint>
          <AmountField name="paid" label={words.paid} value={typed.paid} error={notAmount('paid')} onChange={change} />
          <AmountField
            name="costs"
            label={words.costs}
            hint={words.costsHint}
            value={typed.costs}
            error={notAmount('costs')}
            onChange={change}
          />
        </fieldset>
        <div className="form-actions">
          <button type="submit" className="button form-submit">
            {words.submit}
          </button>
        </div>
      </form>
      <section className="estimate" aria-labelledby={`${id}-result`}>
        <h2 id={`${id}-result`} className="estimator__heading" tabIndex={-1} ref={resultHeading}>
          {words.resultHeading}
        </h2>
        <p className="visually-hidden" role="status" aria-live="polite">
          {estimateFigures(estimate, words).join('. ')}
        </p>
        <EstimateLines input={input} estimate={estimate} words={words} rates={rates} />
        <p className="estimate__notice">
          {words.notice} {checkedOn}.
        </p>
        <div className="estimate__actions">
          <a className="button button--gold" href={consultationHref}>
            {words.consult}
          </a>
          {shareHref && (
            <a
              className="button button--ghost"
              href={shareHref}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`${words.share} ${newTab}`}
            >
              {words.share}
            </a>
          )}
        </div>
        <WhatsAppLink lang={lang} />
      </section>
    </div>
  );
}
