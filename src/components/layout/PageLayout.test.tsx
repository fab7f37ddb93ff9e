import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { getVenue, type VenueConfig } from '@/config/venues';
import { VenueIntlProvider } from '@/i18n/VenueIntlProvider';
import { GlobalStyle } from '@/theme/GlobalStyle';
import { VenueThemeProvider } from '@/theme/VenueThemeProvider';
import { PageLayout } from './PageLayout';

afterEach(cleanup);

function venue(slug: string, flags: Partial<VenueConfig['settings']['flags']> = {}): VenueConfig {
  const found = getVenue(slug)!;
  return {
    ...found,
    settings: { ...found.settings, flags: { ...found.settings.flags, ...flags } },
  };
}

async function renderFrame(config: VenueConfig, homePath = `/venues/${config.settings.slug}/`) {
  const view = render(
    <MemoryRouter>
      <VenueThemeProvider venue={config}>
        <GlobalStyle />
        <VenueIntlProvider venue={config}>
          <PageLayout venue={config} homePath={homePath}>
            <h1>Page heading</h1>
          </PageLayout>
        </VenueIntlProvider>
      </VenueThemeProvider>
    </MemoryRouter>,
  );
  await screen.findByRole('main');
  return view;
}

describe('PageLayout', () => {
  it('links the logo to the venue home page', async () => {
    await renderFrame(venue('lumen-theatre'), '/venues/lumen-theatre/');
    const home = screen.getByRole('link', { name: 'The Lumen Theatre home' });
    expect(home).toHaveAttribute('href', '/venues/lumen-theatre/');
    expect(within(home).getByRole('img')).toHaveAttribute(
      'src',
      getVenue('lumen-theatre')!.logoUrl,
    );
  });

  it('shows the logo without a link when the venue sets shouldRemoveLogoLink', async () => {
    await renderFrame(venue('northern-playhouse'));
    expect(getVenue('northern-playhouse')!.settings.flags.shouldRemoveLogoLink).toBe(true);
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('img', { name: 'Northern Playhouse' })).toBeInTheDocument();
    // The logo is no way home; the band's only link is Find my tickets (issue 25).
    expect(
      within(banner)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Find my tickets']);
  });

  it('puts the logo on the venue band only when shouldStyleHeaderLogo is on', async () => {
    await renderFrame(venue('lumen-theatre', { shouldStyleHeaderLogo: true }));
    const banded = getComputedStyle(screen.getByRole('banner')).backgroundColor;
    cleanup();
    await renderFrame(venue('lumen-theatre', { shouldStyleHeaderLogo: false }));
    const plain = getComputedStyle(screen.getByRole('banner')).backgroundColor;
    expect(banded).toBe('rgb(43, 10, 22)');
    expect(plain).not.toBe(banded);
  });

  it('lists the six legal pages on the venue site, opening in the same tab', async () => {
    await renderFrame(venue('lumen-theatre'));
    const nav = screen.getByRole('navigation', { name: 'Legal and visitor information' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Privacy policy', 'https://www.lumentheatre.example/legal/privacy-policy'],
      ['Cookie policy', 'https://www.lumentheatre.example/legal/cookies'],
      ['Terms of use', 'https://www.lumentheatre.example/legal/terms-of-use'],
      ['Terms of sale', 'https://www.lumentheatre.example/legal/terms-of-sale'],
      [
        'Ticket protection programme',
        'https://www.lumentheatre.example/legal/terms-of-sale/ticket-protection-program/',
      ],
      ['Safety and security', 'https://www.lumentheatre.example/your-visit/safety-security'],
    ]);
    for (const link of links) expect(link).not.toHaveAttribute('target');
  });

  it('gives the support line with a dialable number in the venue wording', async () => {
    await renderFrame(venue('hudson-stage'));
    const footer = screen.getByRole('contentinfo');
    expect(footer).toHaveTextContent(
      'Questions? Call The Hudson Stage box office at (212) 555-0178, 9am-8pm, every day.',
    );
    expect(within(footer).getByRole('link', { name: '(212) 555-0178' })).toHaveAttribute(
      'href',
      'tel:+12125550178',
    );
    expect(
      within(footer).getByRole('link', { name: 'Ticket protection program' }),
    ).toBeInTheDocument();
  });

  it('dials a UK number with its country code', async () => {
    await renderFrame(venue('northern-playhouse'));
    expect(screen.getByRole('link', { name: '0161 496 0457' })).toHaveAttribute(
      'href',
      'tel:+441614960457',
    );
  });

  it('offers a skip link first that targets the focusable main landmark', async () => {
    await renderFrame(venue('lumen-theatre'));
    await userEvent.tab();
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(skip).toHaveFocus();
    expect(skip).toHaveAttribute('href', '#main-content');
    const main = screen.getByRole('main');
    expect(main).toHaveAttribute('id', 'main-content');
    expect(main).toHaveAttribute('tabindex', '-1');
    expect(within(main).getByRole('heading', { name: 'Page heading' })).toBeInTheDocument();
  });

  it.each(['lumen-theatre', 'northern-playhouse', 'bayou-discovery'])(
    '%s frame has no axe violations',
    async (slug) => {
      const { container } = await renderFrame(venue(slug));
      // Colour contrast needs layout jsdom does not do; buildTheme's tests cover it.
      const result = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
      expect(result.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    },
  );
});
