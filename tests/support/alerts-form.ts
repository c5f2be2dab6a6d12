// The categories a built page's article alerts form offers, as a reader meets
// them: each box's value, its label's text, and the label's `lang` (set when
// the label is not in the page's language).
import { DomUtils, parseDocument } from 'htmlparser2';
import type { Element } from 'domhandler';

export interface OfferedCategory {
  slug: string;
  label: string;
  lang: string | undefined;
}

export function alertsFormOf(html: string): OfferedCategory[] {
  const document = parseDocument(html);
  const form = DomUtils.findOne(
    (element) => element.name === 'form' && Boolean(element.attribs.class?.includes('subscribe-form')),
    document.children,
  );
  if (!form) throw new Error('the page has no alerts form');
  const all = (test: (element: Element) => boolean) => DomUtils.findAll(test, [form]);
  return all((element) => element.name === 'input' && element.attribs.name === 'categories').map((box) => {
    const label = all((element) => element.name === 'label' && element.attribs.for === box.attribs.id)[0]!;
    return {
      slug: box.attribs.value!,
      label: DomUtils.textContent(label).trim(),
      lang: label.attribs.lang,
    };
  });
}
