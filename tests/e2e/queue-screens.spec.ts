import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { card, expectAccessible, screenshot, SIZES, startQueueConsole } from './queue-harness';
import type { QueueConsole } from './queue-harness';

let gate: QueueConsole;

test.beforeEach(async () => {
  gate = await startQueueConsole();
});

test.afterEach(async () => {
  await gate.stop();
});

/** One of each tool family across three sessions, asked one after the other so the order is known. */
async function fillQueue(page: Page): Promise<void> {
  await writeFile(join(gate.project, 'cart.ts'), CART);
  const asks: Array<[string, string, Record<string, unknown>, string?]> = [
    [
      'git push',
      'Bash',
      {
        command: 'npm run build && git push origin main',
        description: 'Build, then push the release branch',
      },
    ],
    [
      'cart.ts',
      'Edit',
      {
        file_path: join(gate.project, 'cart.ts'),
        old_string: '  for (const item of items) sum += item.price;',
        new_string: '  for (const item of items) sum += item.price * item.quantity;',
      },
    ],
    [
      'rm -rf',
      'Bash',
      { command: 'rm -rf build/ node_modules/.cache', description: 'Clean the build output' },
      'b81c55e0-2f4d-4c1e-9a7b-61f0c3d2e4a9',
    ],
    [
      'docs.example.com',
      'WebFetch',
      { url: 'https://docs.example.com/api/v2/orders?page=2', prompt: 'Which fields does an order have?' },
      'b81c55e0-2f4d-4c1e-9a7b-61f0c3d2e4a9',
    ],
    [
      'create_issue',
      'mcp__github__create_issue',
      { owner: 'acme', repo: 'shop', title: 'Cart total ignores quantity', labels: ['bug', 'cart'] },
      '5d0e7a13-8c2b-4f6a-b1d9-0e4c7f2a6b38',
    ],
  ];
  for (const [text, tool, input, session] of asks) {
    gate.ask(tool, input, session ? { session } : {});
    await expect(page.locator('.topbar__count')).toContainText(
      String(asks.findIndex((a) => a[0] === text) + 1),
    );
  }
}

/** The README's picture: the banner dismissed, a grant in the panel, the cursor on the first card. */
async function docsShot(page: Page): Promise<void> {
  for (const dismiss of await page.getByRole('button', { name: 'Dismiss' }).all()) await dismiss.click();
  // A grant is offered only for what the project's rules do not already decide (npm test they allow).
  const hook = gate.ask('Bash', { command: 'npm run lint -- --fix', description: 'Fix lint' });
  const tests = card(page, 'npm run lint -- --fix');
  await tests.getByRole('button', { name: 'Allow for…' }).click();
  await tests.getByLabel('Rule the grant allows').fill('Bash(npm run lint *)');
  await tests.getByRole('button', { name: 'Allow for 1 hour' }).click();
  await hook.exit;
  await expect(tests).toHaveCount(0);
  const first = page.locator('article[data-request-id]').first();
  await page.keyboard.press('j');
  while ((await first.getAttribute('aria-current')) !== 'true') await page.keyboard.press('k');
  await expect(first).toHaveClass(/card--cursor/);
  await page.mouse.move(0, 799);
  await screenshot(page, 'queue-window-light-docs');
}

const CART =
  'export function total(items) {\n  let sum = 0;\n  for (const item of items) sum += item.price;\n  return sum;\n}\n';

for (const [size, viewport] of Object.entries(SIZES)) {
  for (const theme of ['light', 'dark'] as const) {
    test(`the queue at ${size} size in the ${theme} theme`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme: theme });
      await page.goto(gate.url);
      await fillQueue(page);
      await expect(card(page, 'git push origin main')).toBeVisible();
      await expect(card(page, 'cart.ts').locator('.diff__line--add').first()).toBeVisible();
      await screenshot(page, `queue-${size}-${theme}`);
      await expectAccessible(page, `the queue (${size}, ${theme})`);
      if (size === 'window' && theme === 'light') await docsShot(page);
    });
  }
}
