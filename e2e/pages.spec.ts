import { expect, test, type Locator, type Page } from '@playwright/test';
import { createUserViaApi, expectNoAxeViolations, logInThroughUi, uniqueUser } from './support.ts';

const uuidHref = /(^|\/)category\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The advertised cars grid on the home page (its region is named by its heading, or 'Featured cars'). */
function advertisedCards(page: Page): Locator {
  return page.getByRole('region', { name: /Advertised Cars|Featured cars/ }).getByRole('listitem');
}

test.describe('home page', () => {
  test('shows the hero, categories, advertised cars, testimonials and footer', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Best Car For Sale', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Book Your Car' })).toBeVisible();

    // Categories
    await expect(page.getByRole('heading', { name: /Brand Wise Car\s*Available Car Category/ })).toBeVisible();
    const categories = page.getByRole('region', { name: /Available Car Category/ });
    const viewLinks = categories.getByRole('link', { name: 'View Product' });
    await expect(viewLinks.first()).toBeVisible();
    expect(await viewLinks.count()).toBeGreaterThanOrEqual(6);
    for (const link of await viewLinks.all()) {
      await expect(link).toHaveAttribute('href', uuidHref);
    }
    await expect(categories.getByRole('article')).toHaveCount(await viewLinks.count());

    // Advertised cars with '$' prices
    const ads = advertisedCards(page);
    await expect(ads.first()).toBeVisible();
    expect(await ads.count()).toBeGreaterThan(0);
    for (const card of await ads.all()) {
      await expect(card.getByText(/^\$\d{1,3}(,\d{3})*$/).first()).toBeVisible();
    }

    // Testimonials: three, each with an accessible five-star rating
    const testimonials = page.getByRole('region', { name: /What Our Customers Say/ });
    await expect(testimonials.getByRole('listitem')).toHaveCount(3);
    for (const testimonial of await testimonials.getByRole('listitem').all()) {
      await expect(testimonial.getByRole('img', { name: 'Rated 5 out of 5' })).toBeVisible();
    }

    // Footer
    const footer = page.getByRole('contentinfo');
    const columns: Record<string, string[]> = {
      Services: ['Branding', 'Advertisement', 'Marketing'],
      Company: ['About us', 'Contact', 'Jobs'],
      Legal: ['Terms of Use', 'Privacy Policy', 'Cookie Policy'],
    };
    for (const [title, links] of Object.entries(columns)) {
      const column = footer.getByRole('navigation', { name: title });
      await expect(column.getByRole('heading', { name: title })).toBeVisible();
      await expect(column.getByRole('link')).toHaveText(links);
    }
    const social = footer.getByRole('navigation', { name: 'Social media' }).getByRole('link');
    await expect(social).toHaveCount(3);
    for (const link of await social.all()) await expect(link).toHaveAccessibleName(/\S/);
    await expectNoAxeViolations(page, 'home');
  });

  test('View Product asks for a login and then opens the category', async ({ page, request, baseURL }) => {
    const buyer = uniqueUser('Buyer');
    await createUserViaApi(request, buyer, baseURL ?? '');

    await page.goto('/');
    const card = page.getByRole('region', { name: /Available Car Category/ }).getByRole('article').first();
    const categoryName = (await card.getByRole('heading').innerText()).trim();
    const link = card.getByRole('link', { name: 'View Product' });
    const href = await link.getAttribute('href');
    expect(href).toMatch(uuidHref);
    const categoryPath = new URL(href ?? '', page.url()).pathname;

    await link.click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
    // The same cars are public on the search: offered without an account, beside the spec's login.
    const categoryId = categoryPath.split('/').pop()!;
    const browse = page.getByRole('link', { name: `Browse ${categoryName} cars without an account` });
    await expect(browse).toHaveAttribute('href', `/search?make=${categoryId}`);
    await expectNoAxeViolations(page, 'login');
    await logInThroughUi(page, buyer.email, buyer.password);
    await expect(page).toHaveURL(new RegExp(`${categoryPath}$`));
    await expect(page.getByRole('heading', { name: `Product Category: ${categoryName}` })).toBeVisible();
    await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
    await expectNoAxeViolations(page, 'category page');
  });
});

test('a visitor sent to sign in from a brand’s View Product browses its cars on the search instead', async ({ page }) => {
  await page.goto('/');
  const card = page.getByRole('region', { name: /Available Car Category/ }).getByRole('article').first();
  const categoryName = (await card.getByRole('heading').innerText()).trim();
  const categoryId = new URL((await card.getByRole('link', { name: 'View Product' }).getAttribute('href')) ?? '', page.url()).pathname.split('/').pop()!;
  await card.getByRole('link', { name: 'View Product' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('link', { name: `Browse ${categoryName} cars without an account` }).click();
  await expect(page).toHaveURL(`/search?make=${categoryId}`);
  await expect(page.getByRole('list').getByRole('article').first()).toBeVisible();
});

test('blog shows four collapsible entries that open on click', async ({ page }) => {
  await page.goto('/blog');
  await expect(page.getByRole('heading', { name: 'Featured Blogs' })).toBeVisible();
  const entries = page.getByRole('group');
  await expect(entries).toHaveCount(4);
  await expectNoAxeViolations(page, 'blog');
  for (const entry of await entries.all()) {
    const answer = entry.getByRole('paragraph').first();
    await expect(answer).toBeHidden();
    await entry.locator('summary').click();
    await expect(answer).toBeVisible();
  }
  await expectNoAxeViolations(page, 'blog, entries open');
});

test('an unknown route shows the error screen', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Something Went Wrong' })).toBeVisible();
  await expect(page.getByText('Not Found')).toBeVisible();
  // A visitor is not offered Sign out: the way back to browsing is the main action.
  await expect(page.getByRole('button', { name: /sign out/i })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  await expectNoAxeViolations(page, 'error screen');
  const back = page.getByRole('link', { name: 'Log Back In' });
  await expect(back).toHaveAttribute('href', '/login');
  await back.click();
  await expect(page).toHaveURL(/\/login$/);
});

test.describe('responsive home page', () => {
  test('one column and no horizontal scroll on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/');
    const ads = advertisedCards(page);
    await expect(ads.nth(1)).toBeVisible();
    const [first, second] = [await ads.nth(0).boundingBox(), await ads.nth(1).boundingBox()];
    expect(first && second).toBeTruthy();
    if (!first || !second) return;
    expect(Math.abs(first.x - second.x)).toBeLessThan(1);
    expect(second.y).toBeGreaterThan(first.y + first.height - 1);
    expect(first.width).toBeGreaterThan(375 * 0.7);

    const { scrollWidth, innerWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    }));
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
    await expectNoAxeViolations(page, 'home on a phone');
  });

  test('three columns on a wide screen', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    const ads = advertisedCards(page);
    await expect(ads.nth(2)).toBeVisible();
    const boxes = await Promise.all([0, 1, 2].map((index) => ads.nth(index).boundingBox()));
    const [a, b, c] = boxes;
    expect(a && b && c).toBeTruthy();
    if (!a || !b || !c) return;
    expect(Math.abs(a.y - b.y)).toBeLessThan(1);
    expect(Math.abs(b.y - c.y)).toBeLessThan(1);
    expect(b.x).toBeGreaterThan(a.x + a.width - 1);
    expect(c.x).toBeGreaterThan(b.x + b.width - 1);
    expect(Math.abs(a.width - b.width)).toBeLessThan(1);

    if ((await ads.count()) > 3) {
      const d = await ads.nth(3).boundingBox();
      expect(d && Math.abs(d.x - a.x) < 1 && d.y > a.y).toBeTruthy();
    }
  });
});
