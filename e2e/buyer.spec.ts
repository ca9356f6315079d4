import { expect, test } from '@playwright/test';
import {
  addCarViaApi,
  categoryByName,
  dashboardMenu,
  findProductCard,
  newApiActor,
  newPersonPage,
  signUpInBrowser,
  tableRow,
  uniqueCarName,
  expectNoAxeViolations,
} from './support.ts';

test.describe('buyer', () => {
  test('a buyer wishlists and books a car, finds both in the dashboard; another buyer cannot open the order', async ({ page, browser }) => {
    test.setTimeout(90_000);
    const seller = await newApiActor('Seller');
    const bmw = await categoryByName(seller.api, 'BMW');
    const car = await addCarViaApi(seller.api, { categoryId: bmw._id, productName: uniqueCarName('E2E Booked'), resalePrice: 21450 });

    const buyer = await signUpInBrowser(page, 'Buyer');
    await page.goto(`/category/${bmw._id}`);
    await expect(page.getByRole('heading', { name: 'Product Category: BMW', level: 1 })).toBeVisible();
    const card = await findProductCard(page, car.productName);
    await expect(card).toBeVisible();

    // Add to Wishlist
    await card.getByRole('button', { name: 'Add to Wishlist' }).click();
    await expect(page.getByText(`${car.productName} is Added as Wishlist`, { exact: true })).toBeVisible();

    // Book Now: the modal with the prefilled, disabled fields and the two editable ones.
    await card.getByRole('button', { name: 'Book Now' }).click();
    const modal = page.getByRole('dialog', { name: car.productName });
    await expect(modal).toBeVisible();
    const prefilled: [string, string][] = [
      ['Name', buyer.name],
      ['Email', buyer.email],
      ['Product Name', car.productName],
      ['Price', '$21,450'],
    ];
    for (const [label, value] of prefilled) {
      const field = modal.getByLabel(label, { exact: true });
      await expect(field).toHaveValue(value);
      await expect(field).toBeDisabled();
    }
    await expect(modal.getByLabel('Phone Number', { exact: true })).toBeEditable();
    await expect(modal.getByLabel('Meeting Location', { exact: true })).toBeEditable();
    await expectNoAxeViolations(page, 'booking modal');
    await modal.getByLabel('Phone Number', { exact: true }).fill('555-0123');
    await modal.getByLabel('Meeting Location', { exact: true }).fill('Central Station');
    await modal.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText(`${car.productName} Booking is Confirmed`, { exact: true })).toBeVisible();
    // The same toast says the booking is a request the seller answers.
    await expect(page.getByRole('status').filter({ hasText: `${car.productName} Booking is Confirmed` })).toContainText(
      'The seller will answer your request: follow it in My Orders.',
    );
    await expect(modal).toBeHidden();

    // My Orders: the booking with Pay.
    await page.goto('/dashboard');
    await dashboardMenu(page).getByRole('link', { name: 'My Orders' }).click();
    await expect(page).toHaveURL(/\/dashboard\/myorders$/);
    await expect(page.getByRole('heading', { name: /My Orders/ })).toBeVisible();
    const orderRow = tableRow(page, car.productName);
    await expect(orderRow).toHaveCount(1);
    await expect(orderRow.getByText('$21,450')).toBeVisible();
    await expect(orderRow.getByTestId('booking-status')).toHaveText('Pending');
    await expect(orderRow.getByText('Waiting for the seller to accept a time')).toBeVisible();
    const pay = orderRow.getByRole('link', { name: 'Pay' });
    await expect(pay).toBeVisible();
    const payHref = await pay.getAttribute('href');
    expect(payHref).toMatch(/^\/dashboard\/payment\/[0-9a-f-]{36}$/);
    await expectNoAxeViolations(page, 'my orders');

    // My Wishlist: the car with Pay.
    await dashboardMenu(page).getByRole('link', { name: 'My Wishlist' }).click();
    await expect(page).toHaveURL(/\/dashboard\/mywishlist$/);
    const wishRow = tableRow(page, car.productName);
    await expect(wishRow).toHaveCount(1);
    await expect(wishRow.getByRole('link', { name: 'Pay' })).toHaveAttribute('href', `/dashboard/wishlistpayment/${car._id}`);
    await expectNoAxeViolations(page, 'my wishlist');

    // The owner can open the payment page of the order.
    await page.goto(payHref!);
    await expect(page.getByRole('heading', { name: 'Payment', level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: car.productName })).toBeVisible();

    // A second buyer edits the URL to the first one's order: the error screen, not the order.
    const other = await newPersonPage(browser);
    await signUpInBrowser(other, 'Buyer');
    await other.goto(payHref!);
    await expect(other.getByRole('heading', { name: 'Something Went Wrong' })).toBeVisible();
    await expect(other.getByRole('button', { name: 'Sign out' })).toBeVisible();
    await expect(other.getByRole('link', { name: 'Log Back In' })).toHaveAttribute('href', '/login');
    await expect(other.getByText(car.productName)).toHaveCount(0);
    await expect(other.getByLabel('Card number')).toHaveCount(0);
    await expectNoAxeViolations(other, 'error screen (another buyer’s order)');

    // ... and the wishlist payment page of a car they did not wishlist is refused too.
    await other.goto(`/dashboard/wishlistpayment/${car._id}`);
    await expect(other.getByRole('heading', { name: 'Something Went Wrong' })).toBeVisible();
    await expect(other.getByText(car.productName)).toHaveCount(0);

    // Their own My Orders does not list it.
    await other.goto('/dashboard/myorders');
    await expect(other.getByRole('heading', { name: /My Orders/ })).toBeVisible();
    await expect(other.getByText('You have not booked any cars yet.')).toBeVisible();
    await expectNoAxeViolations(other, 'my orders, empty');
    await expect(other.getByText(car.productName)).toHaveCount(0);

    await other.context().close();
    await seller.api.dispose();
  });
});
