// The lines of an estimate (src/islands/PropertyCostsEstimator.tsx): stamp duty
// and capital gains tax, each with its figure, a short plain explanation and the
// law it comes from; or what is still needed to work one out.
import type { PropertyCostsEstimate, PropertyCostsInput } from '../../lib/property-costs/estimate.ts';
import { formatKes } from '../../lib/property-costs/kes.ts';
import type { RateId, RatesIn } from '../../lib/property-costs/rates.ts';
import type { EstimatorWords } from '../../lib/property-costs/summary.ts';
import { fillIn } from '../../lib/words.ts';

interface Props {
  input: PropertyCostsInput;
  estimate: PropertyCostsEstimate;
  words: EstimatorWords;
  rates: RatesIn;
}

interface LineProps {
  title: string;
  amount?: number | undefined;
  explanation: string;
  law?: string | undefined;
  lawLabel: string;
}

function Line({ title, amount, explanation, law, lawLabel }: LineProps) {
  return (
    <li className="estimate__line">
      <h3 className="estimate__title">{title}</h3>
      {amount !== undefined && (
        <data className="estimate__amount" value={amount}>
          {formatKes(amount)}
        </data>
      )}
      <p className="estimate__explanation">{explanation}</p>
      {law && (
        <p className="estimate__law">
          <span className="estimate__law-label">{lawLabel}</span> {law}
        </p>
      )}
    </li>
  );
}

/** The explanation of each stamp duty rate, by its id in the words. */
const STAMP_DUTY_WORDS = {
  'stamp-duty-town': 'stampDutyTown',
  'stamp-duty-rural': 'stampDutyRural',
  'stamp-duty-first-time-buyer': 'stampDutyExempt',
} as const;

export function EstimateLines({ input, estimate, words, rates }: Props) {
  if (input.price === undefined) return <p className="estimate__empty">{words.empty}</p>;
  const percent = (id: RateId) => fillIn(words.percent, { percent: String(rates[id].percent) });
  const { stampDuty, capitalGainsTax } = estimate;
  const gains = rates['capital-gains-tax'];
  return (
    <ul className="estimate__lines">
      {stampDuty ? (
        <Line
          title={words.stampDuty}
          amount={stampDuty.amount}
          explanation={fillIn(words[STAMP_DUTY_WORDS[stampDuty.rate]], { percent: percent(stampDuty.rate) })}
          law={rates[stampDuty.rate].source}
          lawLabel={words.law}
        />
      ) : (
        <Line title={words.stampDuty} explanation={words.stampDutyNeedsArea} lawLabel={words.law} />
      )}
      {capitalGainsTax ? (
        <Line
          title={words.capitalGainsTax}
          amount={capitalGainsTax.amount}
          explanation={
            capitalGainsTax.gain > 0
              ? fillIn(words.capitalGainsTaxOnGain, {
                  percent: percent('capital-gains-tax'),
                  gain: formatKes(capitalGainsTax.gain),
                })
              : words.capitalGainsTaxNoGain
          }
          law={gains.source}
          lawLabel={words.law}
        />
      ) : (
        <Line title={words.capitalGainsTax} explanation={words.capitalGainsTaxNeedsPaid} lawLabel={words.law} />
      )}
    </ul>
  );
}
