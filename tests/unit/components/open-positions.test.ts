import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { describe, expect, it } from 'vitest';
import OpenPositions from '../../../src/components/careers/OpenPositions.astro';

const render = async (positions: { title: string; description: string; url_param: string }[]) =>
  (await AstroContainer.create()).renderToString(OpenPositions, { props: { positions } });

describe('the careers page’s Open Positions', () => {
  it('says there are no open positions when the list is empty', async () => {
    const html = await render([]);
    expect(html).toContain('Open Positions');
    expect(html).toContain('(0)');
    expect(html).toContain('There are no open positions at the moment.');
    expect(html).not.toContain('Apply');
  });

  it('counts the positions and links each to its page', async () => {
    const html = await render([
      {
        title: 'Pupillage Programme 2025',
        description: 'Six months from January 2025.',
        url_param: 'mno-pupillage-programme',
      },
      { title: 'Associate, Conveyancing', description: 'Kakamega office.', url_param: 'associate-conveyancing' },
    ]);
    expect(html).toContain('(2)');
    expect(html).toContain('href="/careers/mno-pupillage-programme"');
    expect(html).toContain('href="/careers/associate-conveyancing"');
    expect(html).not.toContain('no open positions');
  });
});
