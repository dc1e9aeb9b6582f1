/**
 * The 420×700 tray popover as a person uses it: two typical cards fit without scrolling and keep
 * everything needed to decide; commands, paths, rules and diff lines wrap between tokens, not inside one;
 * diffs stay unified where a split would leave 18-column halves; the rule field opens on the rule's start;
 * the expanded answers say Less and stay on two rows; the count badge is legible in the dark theme.
 */
import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { card, expectAccessible, screenshot, SIZES, startQueueConsole } from './queue-harness';
import type { QueueConsole } from './queue-harness';
import { rulesUrl } from './rules-harness';

let gate: QueueConsole;

test.beforeEach(async ({ page }) => {
  gate = await startQueueConsole();
  await page.setViewportSize(SIZES.tray);
  await page.goto(gate.url);
  await expect(page.getByText('Nothing is waiting')).toBeVisible();
  // This machine has no keychain, and its banner would take a card's room; a person dismisses it once.
  for (const dismiss of await page.getByRole('button', { name: 'Dismiss' }).all()) await dismiss.click();
});

test.afterEach(async () => {
  await gate.stop();
});

const CART =
  'export function total(items) {\n  let sum = 0;\n  for (const item of items) sum += item.price;\n  return sum;\n}\n';

/** The two cards a person meets most: a one-line command and a one-line change to a small file. */
async function askTypical(page: Page): Promise<{ bash: Locator; edit: Locator }> {
  await writeFile(join(gate.project, 'cart.ts'), CART);
  gate.ask('Bash', { command: 'npm run lint -- --fix', description: 'Fix lint' });
  const bash = card(page, 'npm run lint');
  await expect(bash).toBeVisible();
  gate.ask('Edit', {
    file_path: join(gate.project, 'cart.ts'),
    old_string: '  for (const item of items) sum += item.price;',
    new_string: '  for (const item of items) sum += item.price * item.quantity;',
  });
  const edit = card(page, 'cart.ts');
  await expect(edit.locator('.diff__line--add')).toBeVisible();
  return { bash, edit };
}

/** Whether a box lies wholly inside another, as the person sees it without scrolling. */
async function fitsIn(inner: Locator, outer: Locator): Promise<boolean> {
  const [a, b] = [await inner.boundingBox(), await outer.boundingBox()];
  if (!a || !b) return false;
  return a.y >= b.y && a.y + a.height <= b.y + b.height + 0.5 && a.x >= b.x && a.x + a.width <= b.x + b.width;
}

test('two typical cards fit in the popover, each with what a person decides on', async ({ page }) => {
  const { bash, edit } = await askTypical(page);
  const scroller = page.locator('.queue__scroller');
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await screenshot(page, `popover-two-cards-${theme}`);
    expect(await fitsIn(bash, scroller), 'the Bash card is wholly in view').toBe(true);
    expect(await fitsIn(edit, scroller), 'the Edit card is wholly in view').toBe(true);
    await expectAccessible(page, `two cards in the popover (${theme})`);
  }
  // Nothing was hidden to make them fit: the command, why it asked, the whole diff and the answers.
  await expect(bash.getByLabel('Command', { exact: true })).toHaveText('npm run lint -- --fix');
  await expect(bash.getByText('No rule matched this call.')).toBeVisible();
  await expect(edit.locator('.diff__line--del')).toContainText('sum += item.price;');
  await expect(edit.locator('.diff__line--add')).toContainText('item.price * item.quantity;');
  for (const target of [bash, edit]) {
    await expect(target.getByRole('button', { name: 'Allow once' })).toBeEnabled();
    await expect(target.getByRole('button', { name: 'Deny', exact: true })).toBeVisible();
  }
  await page.setViewportSize(SIZES.window);
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await screenshot(page, `popover-two-cards-window-${theme}`);
  }
});

/**
 * Where each drawn line of an element ends, as [last character, first character of the next line]: read
 * from the characters' own boxes in the page, so it is the wrapping a person sees.
 */
async function wrapsOf(element: Locator): Promise<Array<[string, string]>> {
  return element.evaluate((root) => {
    const chars: Array<{ char: string; top: number }> = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (let i = 0; i < text.length; i++) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const box = range.getClientRects()[0];
        if (box) chars.push({ char: text[i]!, top: box.top });
      }
    }
    const wraps: Array<[string, string]> = [];
    for (let i = 1; i < chars.length; i++) {
      if (chars[i]!.top > chars[i - 1]!.top + 4) wraps.push([chars[i - 1]!.char, chars[i]!.char]);
    }
    return wraps;
  });
}

/** A wrap a person reads as the same token going on: after a space or a joining mark, before a space. */
const CLEAN_WRAP = /^(\s.|.\s|[/\\=,;:&?|-].)$/;

test('commands, paths, rules and diff lines wrap between their parts, never inside a word', async ({
  page,
}) => {
  const deep = join(gate.project, 'packages', 'storefront-checkout', 'src', 'components', 'order-summary');
  await mkdir(deep, { recursive: true });
  const file = join(deep, 'shipping-estimate.ts');
  await writeFile(file, 'export const estimate = (order) => order.items.length * 2;\n');
  gate.ask('Edit', {
    file_path: file,
    old_string: 'export const estimate = (order) => order.items.length * 2;',
    new_string:
      'export const estimate = (order, region) => shippingTable[region]?.perItem * order.items.length + handlingFeeFor(order);',
  });
  const edit = card(page, 'shipping-estimate.ts');
  await expect(edit.locator('.diff__line--add')).toBeVisible();
  const command =
    'rsync -avz --delete --exclude=node_modules --exclude=.cache ./dist/storefront-checkout/ deploy@staging.example.internal:/srv/www/storefront-checkout/releases/current/ && git push --force-with-lease origin release/2026-12-storefront-checkout';
  gate.ask('Bash', { command, description: 'Deploy the storefront to staging' });
  const bash = card(page, 'rsync -avz');
  await expect(bash).toBeVisible();
  await bash.scrollIntoViewIfNeeded();
  await screenshot(page, 'popover-wrapping');

  const drawn: Array<[string, Locator]> = [
    ['the command', bash.getByLabel('Command', { exact: true })],
    ['the diff path', edit.locator('.diff__path')],
    ['the changed line', edit.locator('.diff__line--add .diff__text')],
    ['the rule it suggests', edit.locator('.chip--button').first()],
    ['why it asked', edit.locator('.why__detail').first()],
    ['a subcommand', bash.locator('.subcommand__text').first()],
  ];
  for (const [what, element] of drawn) {
    await element.scrollIntoViewIfNeeded();
    const wraps = await wrapsOf(element);
    const torn = wraps.filter(([before, after]) => !CLEAN_WRAP.test(before + after));
    expect(torn, `${what} wraps only between its parts`).toEqual([]);
  }
  // The command is longer than a line: it did wrap, so the check above looked at real wraps.
  expect((await wrapsOf(bash.getByLabel('Command', { exact: true }))).length).toBeGreaterThan(2);
});

test('a path outside the working directories wraps between its folders inside the card', async ({ page }) => {
  // Folder names with no hyphen or space: the line can break only where the console allows it.
  const outside =
    '/home/dev/shared/StorefrontCheckoutNotes/MeetingMinutes/2026_12_quarterly_planning/summary_of_decisions.txt';
  gate.ask('Bash', { command: `touch ${outside}`, description: 'Make notes' });
  const target = card(page, 'touch');
  const why = target.getByRole('region', { name: 'Why it asked' });
  const path = why.locator('code.why__danger', { hasText: 'summary_of_decisions.txt' });
  await expect(path).toBeVisible();
  await path.scrollIntoViewIfNeeded();
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await screenshot(page, `popover-outside-path-${theme}`);
  }
  expect(await fitsIn(path, target), 'the outside path lies inside its card').toBe(true);
  const torn = (await wrapsOf(path)).filter(([before, after]) => !CLEAN_WRAP.test(before + after));
  expect(torn, 'the outside path wraps only between its folders').toEqual([]);
  await expect(path).toHaveText(outside);
  await expectAccessible(page, 'a card for a path outside the working directories');
  await page.setViewportSize(SIZES.window);
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await screenshot(page, `popover-outside-path-window-${theme}`);
  }
});

test('a diff stays unified in the popover and is side by side only where it has room', async ({ page }) => {
  const { edit } = await askTypical(page);
  await page.setViewportSize(SIZES.window);
  await edit.getByRole('button', { name: 'Split' }).click();
  await expect(edit.locator('.diff__pair').first()).toBeVisible();
  await screenshot(page, 'popover-diff-window-split');

  await page.setViewportSize(SIZES.tray);
  await expect(edit.locator('.diff__pair')).toHaveCount(0);
  await expect(edit.locator('.diff__line--add')).toContainText('item.price * item.quantity;');
  await expect(edit.getByRole('button', { name: 'Split' })).toHaveCount(0);
  await screenshot(page, 'popover-diff-tray');

  // The person's choice of split is kept for when the window has room again.
  await page.setViewportSize(SIZES.window);
  await expect(edit.locator('.diff__pair').first()).toBeVisible();
});

test('the expanded answers say Less and take at most three rows', async ({ page }) => {
  gate.ask('Bash', { command: 'npm run lint -- --fix', description: 'Fix lint' });
  const target = card(page, 'npm run lint');
  const answers = target.getByRole('group', { name: 'Answers for this request' });
  await expect(answers.getByRole('button', { name: 'Allow once' })).toBeEnabled();
  const rows = () =>
    answers
      .getByRole('button')
      .evaluateAll(
        (buttons) =>
          new Set(
            buttons
              .filter((b) => b.getClientRects().length > 0)
              .map((b) => Math.round(b.getBoundingClientRect().top)),
          ).size,
      );
  expect(await rows()).toBe(1);
  await target.getByRole('button', { name: 'More' }).click();
  const less = target.getByRole('button', { name: 'Less' });
  await expect(less).toHaveAttribute('aria-expanded', 'true');
  await expect(answers.getByRole('button', { name: /Deny and stop/ })).toBeVisible();
  expect(await rows()).toBeLessThanOrEqual(3);
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await screenshot(page, `popover-more-${theme}`);
  }
  await less.click();
  await expect(target.getByRole('button', { name: 'More' })).toHaveAttribute('aria-expanded', 'false');
  expect(await rows()).toBe(1);
});

test('the rule field opens on the start of a long rule, in Always allow and in the rule editor', async ({
  page,
}) => {
  const command = 'npm run build:storefront-checkout-with-sourcemaps-and-bundle-report -- --mode=production';
  gate.ask('Bash', { command });
  const target = card(page, 'build:storefront-checkout');
  await target.getByRole('button', { name: 'More' }).click();
  await target.getByRole('button', { name: 'Always allow…' }).click();
  const field = target.getByLabel('Rule', { exact: true });
  await expect(field).toHaveValue(/^Bash\(npm run build:storefront-checkout-with-sourcemaps/);
  await expect(field).toBeFocused();
  expect(await field.evaluate((input: HTMLInputElement) => input.scrollWidth > input.clientWidth)).toBe(true);
  expect(await field.evaluate((input: HTMLInputElement) => input.scrollLeft)).toBe(0);
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await screenshot(page, `popover-always-allow-${theme}`);
  }

  const rule = 'Bash(npm run build:storefront-checkout-with-sourcemaps-and-bundle-report *)';
  await writeFile(
    join(gate.project, '.claude', 'settings.local.json'),
    JSON.stringify({ permissions: { allow: [rule] } }),
  );
  await page.goto(rulesUrl(await gate.newLink(), gate.project));
  await page.getByRole('button', { name: `Edit ${rule}` }).click();
  const edit = page.getByRole('form', { name: `Edit ${rule}` }).getByLabel('Rule', { exact: true });
  await expect(edit).toHaveValue(rule);
  expect(await edit.evaluate((input: HTMLInputElement) => input.scrollLeft)).toBe(0);
  await screenshot(page, 'popover-rule-editor');
  // The settings files' paths below the rules wrap between folders too.
  for (const path of await page.locator('.rule-file__path').all()) {
    const torn = (await wrapsOf(path)).filter(([before, after]) => !CLEAN_WRAP.test(before + after));
    expect(torn, `${await path.textContent()} wraps only between its parts`).toEqual([]);
  }
});

/** WCAG's contrast ratio of an element's text against its own background, from the computed colours. */
function contrastOf(element: Locator): Promise<number> {
  return element.evaluate((node) => {
    const style = getComputedStyle(node);
    const luminance = (color: string) => {
      const [r, g, b] = color
        .match(/[\d.]+/g)!
        .slice(0, 3)
        .map(Number);
      const linear = (c: number) => ((c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
      return 0.2126 * linear(r!) + 0.7152 * linear(g!) + 0.0722 * linear(b!);
    };
    const [a, b] = [luminance(style.color), luminance(style.backgroundColor)];
    return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  });
}

test('the count badge reads at AA contrast in both themes', async ({ page }) => {
  gate.ask('Bash', { command: 'npm run lint -- --fix' });
  const badge = page.locator('.topbar__badge');
  await expect(badge).toHaveText('1');
  // axe leaves a one-character text undecided, so the badge is measured here.
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    expect(await contrastOf(badge), `the badge in the ${theme} theme`).toBeGreaterThanOrEqual(4.5);
  }
});
