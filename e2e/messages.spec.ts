import { expect, test, type Page } from '@playwright/test';
import {
  addCarViaApi,
  categoriesViaApi,
  dashboardMenu,
  demo,
  desktopScreen,
  expectNoAxeViolations,
  findProductCard,
  keepScreenshot,
  navbar,
  newApiActor,
  newPersonPage,
  phoneScreen,
  signInViaApi,
  signUpInBrowser,
  uniqueCarName,
} from './support.ts';

// Messages between a buyer and a car's seller: Message Seller, live delivery in both
// directions without a reload, unread counts, and the calm scam warning on both sides.

// The one advice about paying (Message Seller's dialog says the same): where to pay, not when.
const payOnlyHere = "Never pay outside Second Gear: no deposit, gift cards, crypto or wire transfer to the seller. Pay only on Second Gear's payment page, where the money is held until you have the car.";
const warning = `Be careful. ${payOnlyHere}`;

function box(page: Page) {
  return page.getByRole('textbox', { name: 'Message', exact: true });
}

function thread(page: Page) {
  return page.getByRole('log', { name: /^Messages with / });
}

test.describe('messages', () => {
  test('a buyer messages a seller from the car’s page; both see each other’s messages live, with unread counts and the scam warning', async ({ page, browser }, testInfo) => {
    // Three people in three browsers, and the admin's Reported Items (cars, messages and reviews) checked by axe.
    test.setTimeout(180_000);
    const seller = await newApiActor('Seller');
    const [category] = await categoriesViaApi(seller.api);
    const car = await addCarViaApi(seller.api, { categoryId: category!._id, productName: uniqueCarName('E2E Chat') });

    // The seller waits on the dashboard's welcome page.
    const sellerPage = await newPersonPage(browser);
    await sellerPage.setViewportSize(desktopScreen);
    await signInViaApi(sellerPage, seller);
    await sellerPage.goto('/dashboard');
    await expect(dashboardMenu(sellerPage).getByRole('link', { name: 'Messages' })).toBeVisible();

    // The buyer writes from the car's page.
    await signUpInBrowser(page, 'Buyer');
    await page.setViewportSize(desktopScreen);
    await page.goto(`/cars/${car._id}`);
    await page.getByRole('button', { name: 'Message Seller' }).click();
    const dialog = page.getByRole('dialog', { name: `Message the seller of ${car.productName}` });
    await expect(dialog).toContainText(payOnlyHere);
    const first = 'Hello! Is it still for sale?\nI could come on Saturday.';
    await dialog.getByRole('textbox', { name: 'Message', exact: true }).fill(first);
    await expect(dialog.getByText(`${first.length} / 2,000 characters`)).toBeVisible();
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(page).toHaveURL(/\/dashboard\/messages\?c=[0-9a-f-]{36}$/);
    const conversationUrl = page.url();
    await expect(thread(page).getByText('I could come on Saturday.')).toBeVisible();

    // The seller is told at once, without a reload: the navbar's count and the side menu's badge.
    await expect(navbar(sellerPage).getByRole('link', { name: '1 unread message' })).toBeVisible();
    await expect(dashboardMenu(sellerPage).getByRole('link', { name: /^Messages\s*1 unread message$/ })).toBeVisible();
    await dashboardMenu(sellerPage).getByRole('link', { name: /^Messages/ }).click();
    await sellerPage.getByRole('navigation', { name: 'Conversations' }).getByRole('link', { name: new RegExp(car.productName) }).click();
    // Line breaks kept, as typed.
    await expect(thread(sellerPage).getByText('Hello! Is it still for sale?\nI could come on Saturday.')).toBeVisible();
    // Read: the counts go.
    await expect(navbar(sellerPage).getByRole('link', { name: /unread message/ })).toHaveCount(0);

    // Live both ways, the thread open on both sides.
    await box(page).fill('Is the service history complete? See https://example.com/history');
    await box(page).press('Enter');
    await expect(thread(sellerPage).getByText('Is the service history complete?')).toBeVisible();
    // A link in a message is text, never a link.
    await expect(thread(sellerPage).getByRole('link')).toHaveCount(0);

    await box(sellerPage).fill('Yes, full history.');
    await box(sellerPage).press('Shift+Enter');
    await box(sellerPage).pressSequentially('Saturday at 10 works.');
    await sellerPage.getByRole('button', { name: 'Send' }).click();
    await expect(thread(page).getByText('Yes, full history.\nSaturday at 10 works.')).toBeVisible();

    // A scam-like message is delivered, with the calm note beside it on both sides.
    await box(sellerPage).fill('Send a deposit by Western Union to hold it, and text me on WhatsApp.');
    await box(sellerPage).press('Enter');
    await expect(thread(page).getByText('Send a deposit by Western Union')).toBeVisible();
    await expect(thread(page).getByRole('note')).toContainText(warning);
    await expect(thread(sellerPage).getByRole('note')).toContainText(warning);
    await expect(thread(page).getByRole('note')).toHaveCount(1);

    // The admin finds it among the flagged messages in Reported Items, with its signals.
    const adminPage = await newPersonPage(browser);
    await signInViaApi(adminPage, demo.admin);
    await adminPage.goto('/dashboard/reporteditems');
    const flagged = adminPage.getByRole('region', { name: /^Flagged messages/ });
    const flaggedRow = flagged.getByRole('row').filter({ hasText: car.productName }).filter({ hasText: 'Send a deposit by Western Union' });
    await expect(flaggedRow).toBeVisible();
    await expect(flaggedRow.getByRole('list', { name: 'Signals' })).toContainText('a wire transfer');
    await expectNoAxeViolations(adminPage, 'Reported Items with a flagged message');
    await adminPage.context().close();

    await expectNoAxeViolations(page, 'the buyer’s messages');
    await expectNoAxeViolations(sellerPage, 'the seller’s messages');
    await keepScreenshot(page, testInfo, 'messages-buyer-desktop');

    // On a phone: the thread alone with a Back button, then the list.
    await page.setViewportSize(phoneScreen);
    await expect(page.getByRole('navigation', { name: 'Conversations' })).toBeHidden();
    await keepScreenshot(page, testInfo, 'messages-buyer-phone-thread');
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByRole('navigation', { name: 'Conversations' })).toBeVisible();
    await expectNoAxeViolations(page, 'the buyer’s conversations on a phone');

    // Message Seller again leads to the same conversation.
    await page.setViewportSize(desktopScreen);
    await page.goto(`/cars/${car._id}`);
    await page.getByRole('button', { name: 'Message Seller' }).click();
    await expect(page).toHaveURL(conversationUrl);
    await expect(thread(page).getByText('Yes, full history.')).toBeVisible();
    // So does the card's (a speech bubble named Message Seller, where the card's row has room).
    await page.goto(`/category/${category!._id}`);
    const card = await findProductCard(page, car.productName);
    await card.getByRole('button', { name: 'Message Seller' }).click();
    await expect(page).toHaveURL(conversationUrl);
    await expect(thread(page).getByText('Yes, full history.')).toBeVisible();
    await sellerPage.context().close();
  });
});
