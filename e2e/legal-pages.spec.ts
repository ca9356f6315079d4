import { expect, test } from '@playwright/test';
import { desktopScreen, expectNoAxeViolations, phoneScreen } from './support.ts';

for (const screen of [desktopScreen, phoneScreen]) {
  test(`at ${screen.width} px: the footer and the sign-up form lead to the Terms of Use and the Privacy Policy`, async ({ page }) => {
    await page.setViewportSize(screen);
    await page.goto('/');
    const legal = page.getByRole('contentinfo').getByRole('navigation', { name: 'Legal' });
    await legal.getByRole('link', { name: 'Terms of Use' }).click();
    await expect(page).toHaveURL(/\/terms$/);
    await expect(page.getByRole('heading', { name: 'Terms of Use', level: 1 })).toBeVisible();
    await expectNoAxeViolations(page, 'terms of use');

    await legal.getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.getByRole('heading', { name: 'Privacy Policy', level: 1 })).toBeVisible();
    for (const heading of ['What we collect', 'Why we use it', 'How long we keep it', 'Deleting your data or getting a copy', 'Contact']) {
      await expect(page.getByRole('heading', { name: heading, level: 2 })).toBeVisible();
    }
    await expect(page.getByText('held by it, never by us')).toBeVisible();
    await expectNoAxeViolations(page, 'privacy policy');

    await page.goto('/signup');
    const form = page.getByRole('main');
    await expect(form.getByText('By signing up you agree to the Terms of Use and the Privacy Policy.')).toBeVisible();
    await expect(form.getByRole('link', { name: 'Terms of Use' })).toHaveAttribute('href', '/terms');
    await expect(form.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    // No box to tick: the sign-up's fields stay as the specification has them.
    await expect(form.getByRole('checkbox')).toHaveCount(0);
    await expectNoAxeViolations(page, 'sign up with its terms line');
  });
}
