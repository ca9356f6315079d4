import { expect, test } from '@playwright/test';
import { RELEASE_AFTER_DAYS } from '@second-gear/contract/constants';
import {
  addCarViaApi,
  advertisedGrid,
  advertiseViaApi,
  bookViaApi,
  categoryByName,
  expectRedText,
  expectNotOnFirstPage,
  findProductCard,
  newApiActor,
  productCard,
  signUpInBrowser,
  tableRow,
  uniqueCarName,
  wishlistViaApi,
  expectNoAxeViolations,
  holdRequests,
  payWith,
  expectPaymentCompleted,
} from './support.ts';

// "The same after restarting the server mid-flow" is not covered here but in payment-restart.spec.ts:
// every spec here shares one server, which cannot be restarted safely while other tests run.

const declined: [string, string][] = [
  ['4000 0000 0000 0002', 'Your card was declined.'],
  ['4000 0000 0000 9995', 'Your card has insufficient funds.'],
  ['4000 0000 0000 0069', 'Your card has expired.'],
  ['4000 0000 0000 0127', "Your card's security code is incorrect."],
];

test.describe('payments', () => {
  test('declined test cards show their messages in red, then 4242 pays; the car leaves the catalog', async ({ page }) => {
    test.setTimeout(90_000);
    const seller = await newApiActor('Seller');
    const ford = await categoryByName(seller.api, 'Ford');
    const car = await addCarViaApi(seller.api, { categoryId: ford._id, productName: uniqueCarName('E2E Paid'), resalePrice: 19999 });
    await advertiseViaApi(seller.api, car._id);

    await signUpInBrowser(page, 'Buyer');
    const orderId = await bookViaApi(page.request, car._id);

    // Before paying: on the home grid and on its category page.
    await page.goto('/');
    await expect(productCard(advertisedGrid(page), car.productName)).toBeVisible();
    await page.goto(`/category/${ford._id}`);
    await expect(await findProductCard(page, car.productName)).toBeVisible();

    // My Orders → Pay
    await page.goto('/dashboard/myorders');
    const row = tableRow(page, car.productName);
    await row.getByRole('link', { name: 'Pay' }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/payment/${orderId}$`));
    await expect(page.getByRole('heading', { name: car.productName })).toBeVisible();
    await expect(page.getByText(`Please pay $19,999 for ${car.productName}`)).toBeVisible();
    // Before the card form: the money is held until the buyer has the car, and how a refund works.
    const terms = page.getByRole('region', { name: 'What happens to your money' });
    await expect(terms.getByText('Second Gear holds the amount until you have the car')).toBeVisible();
    await expect(terms.getByText(`on its own ${RELEASE_AFTER_DAYS} days after your confirmed meeting`)).toBeVisible();
    await expect(terms.getByText('Cancel the booking on My Orders for a full refund')).toBeVisible();
    await expect(terms.getByRole('link', { name: 'Go to My Orders' })).toHaveAttribute('href', '/dashboard/myorders');
    await expect(page.getByLabel('Card number', { exact: true })).toBeVisible();
    const [termsBox, cardBox] = [await terms.boundingBox(), await page.getByLabel('Card number', { exact: true }).boundingBox()];
    expect(termsBox!.y + termsBox!.height).toBeLessThanOrEqual(cardBox!.y);
    await expectNoAxeViolations(page, 'payment page with the card form');

    const error = page.getByRole('main').getByRole('alert').filter({ hasText: /\S/ });
    for (const [number, message] of declined) {
      await payWith(page, number);
      await expect(error).toHaveText(message);
      await expectRedText(error);
      if (number === declined[0]?.[0]) await expectNoAxeViolations(page, 'payment page with a card error');
      await expect(page.getByText('Congrats! Your Payment has been Completed')).toHaveCount(0);
    }

    await payWith(page, '4242 4242 4242 4242', '987');
    await expectPaymentCompleted(page);
    await expect(error).toHaveCount(0);
    await expectNoAxeViolations(page, 'payment completed');

    // My Orders: a disabled Paid instead of Pay.
    await page.getByRole('link', { name: 'Back to My Orders' }).click();
    await expect(page).toHaveURL(/\/dashboard\/myorders$/);
    const paid = row.getByRole('button', { name: 'Paid' });
    await expect(paid).toBeVisible();
    await expect(paid).toBeDisabled();
    await expect(row.getByRole('link', { name: 'Pay' })).toHaveCount(0);

    // The car is gone from its category page and from the advertised grid.
    await page.goto(`/category/${ford._id}`);
    await expect(page.getByRole('heading', { name: 'Product Category: Ford' })).toBeVisible();
    await expectNotOnFirstPage(page, car.productName);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Best Car For Sale' })).toBeVisible();
    await expect(advertisedGrid(page).getByRole('article').first()).toBeVisible();
    await expect(productCard(page, car.productName)).toHaveCount(0);

    // The payment page of the paid order shows it as paid, without a card form.
    await page.goto(`/dashboard/payment/${orderId}`);
    await expect(page.getByRole('button', { name: 'Paid' })).toBeDisabled();
    await expect(page.getByLabel('Card number')).toHaveCount(0);
    await expectNoAxeViolations(page, 'payment page of a paid order');

    await seller.api.dispose();
  });

  test('a wishlisted car is paid from My Wishlist', async ({ page }) => {
    const seller = await newApiActor('Seller');
    const tesla = await categoryByName(seller.api, 'Tesla');
    const car = await addCarViaApi(seller.api, { categoryId: tesla._id, productName: uniqueCarName('E2E Wished'), resalePrice: 33100 });

    const buyer = await signUpInBrowser(page, 'Buyer');
    await wishlistViaApi(page.request, car._id, buyer.email);

    await page.goto('/dashboard/mywishlist');
    const row = tableRow(page, car.productName);
    await expect(row.getByText('$33,100')).toBeVisible();

    // The wishlist item is loaded before the payment page opens: hold it and look.
    const { requested, release } = await holdRequests(page, new RegExp(`/api/wishlist/${car._id}$`));
    await row.getByRole('link', { name: 'Pay' }).click();
    await requested;
    await expect(page.getByRole('progressbar', { name: 'Loading the page' })).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/mywishlist$/);
    await expect(row).toBeVisible();
    release();

    await expect(page).toHaveURL(new RegExp(`/dashboard/wishlistpayment/${car._id}$`));
    await expect(page.getByText(`Please pay $33,100 for ${car.productName}`)).toBeVisible();
    const terms = page.getByRole('region', { name: 'What happens to your money' });
    await expect(terms.getByText(`on its own ${RELEASE_AFTER_DAYS} days after the payment`)).toBeVisible();
    await expect(terms.getByRole('link', { name: 'Go to My Wishlist' })).toHaveAttribute('href', '/dashboard/mywishlist');
    await expect(page.getByLabel('Card number', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page, 'wishlist payment page');

    await payWith(page, '4000 0000 0000 0002');
    await expect(page.getByRole('main').getByRole('alert').filter({ hasText: /\S/ })).toHaveText('Your card was declined.');

    await payWith(page, '4242 4242 4242 4242');
    await expectPaymentCompleted(page);

    await page.getByRole('link', { name: 'Back to My Wishlist' }).click();
    await expect(page).toHaveURL(/\/dashboard\/mywishlist$/);
    await expect(row.getByRole('button', { name: 'Paid' })).toBeDisabled();
    await expect(row.getByRole('link', { name: 'Pay' })).toHaveCount(0);

    await page.goto(`/category/${tesla._id}`);
    await expect(page.getByRole('heading', { name: 'Product Category: Tesla' })).toBeVisible();
    await expectNotOnFirstPage(page, car.productName);

    await seller.api.dispose();
  });
});
