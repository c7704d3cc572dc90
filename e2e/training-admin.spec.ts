import type { Page } from '@playwright/test';
import { query } from './db.ts';
import { expect, signIn, test } from './fixtures.ts';

// Training administration (spec 3 §2.5–2.7, §5.2): the admin creates a module, fills its content
// (two languages, a video, a file, 5 questions with 3 asked, threshold 60) meeting both 'Save
// Changes' alerts on the way, then marks a seeded pass as failed on the marks page.

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const VIDEO = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';

async function shoot(page: Page, name: string) {
  const shots = process.env.SHOTS_DIR;
  if (!shots) return;
  for (const width of [1280, 400]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

async function addQuestion(page: Page, text: string) {
  await page.getByRole('button', { name: 'New Question' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Question' });
  await dialog.getByLabel('Question').fill(text);
  await expect(dialog.getByLabel('Language')).toHaveValue('English');
  await dialog.getByLabel('Option 1', { exact: true }).fill(`${text}: right`);
  await dialog.getByLabel('Option 2', { exact: true }).fill(`${text}: wrong`);
  await dialog.getByLabel('Option 3', { exact: true }).fill(`${text}: also wrong`);
  await dialog.getByRole('button', { name: 'Add Question' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('list', { name: 'Questions' }).getByText(text, { exact: true })).toBeVisible();
}

test('an admin creates a module, fills its content and marks a pass as failed', async ({ page }) => {
  test.setTimeout(300_000);
  const name = `Fibre installs E2E ${Date.now()}`;
  await signIn(page, 'admin');
  await page.goto('/admin-section');
  await page.getByRole('link', { name: /Training Modules/ }).click();
  await expect(page.getByRole('heading', { name: 'Training Modules', level: 1 })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Selling Metro Fibre' })).toBeVisible();
  await shoot(page, 'training-modules');

  // The module dialog.
  await page.getByRole('button', { name: 'Create New Module' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create New Module' });
  await dialog.getByLabel('Module Name').fill(name);
  await dialog.getByLabel('Description').fill('Booking, the installer visit and the router.');
  await dialog.getByLabel('Category').fill('Product');
  await dialog.getByRole('combobox', { name: 'Training Type' }).click();
  await page.getByRole('option', { name: 'Leader' }).click();
  await expect(dialog.getByRole('combobox', { name: 'Structure Level' })).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Training Type' }).click();
  await page.getByRole('option', { name: 'Standard (everyone)' }).click();
  await expect(dialog.getByRole('combobox', { name: 'Structure Level' })).toBeHidden();
  await shoot(page, 'training-module-dialog');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Module successfully created')).toBeVisible();
  const row = page.getByRole('listitem').filter({ hasText: name });
  await row.getByRole('link', { name: 'See Content' }).click();
  await expect(page).toHaveURL(/\/training-content\/\d+\/Fibre%20installs/);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();

  // Nothing yet: the first §5.2 alert.
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('alert')).toContainText(
    'You must have at least one video/language and one question to save.',
  );

  // English without a video link, Afrikaans with one; five English questions, three asked.
  const addVideo = page.getByRole('button', { name: 'Add Video' });
  await expect(addVideo).toBeDisabled();
  await page.getByLabel('Language', { exact: true }).fill('English');
  await addVideo.click();
  await page.getByLabel('Language', { exact: true }).fill('Afrikaans');
  await page.getByLabel('Video Link').fill(VIDEO);
  await addVideo.click();
  await expect(page.getByRole('list', { name: 'Videos' }).getByRole('listitem')).toHaveCount(2);
  for (const text of [
    'What is a drop cable?',
    'Who books the installer?',
    'How long is an install?',
    'What does the router need?',
    'When is the order active?',
  ]) {
    await addQuestion(page, text);
  }
  await page.getByLabel('Questions asked').fill('3');
  const slider = page.getByRole('slider');
  await slider.focus();
  for (let i = 0; i < 40; i += 1) await slider.press('ArrowLeft');
  await expect(page.getByText('Pass threshold: 60%')).toBeVisible();

  // The first video has no link and there is no file yet: the second §5.2 alert.
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('alert')).toContainText(
    'You must at least have a video or additional content to submit.',
  );

  await page
    .getByLabel('Choose a file')
    .setInputFiles({ name: 'installer-checklist.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(page.getByRole('link', { name: 'installer-checklist.pdf' })).toBeVisible();
  await shoot(page, 'training-content');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Content saved successfully')).toBeVisible();
  const [saved] = await query<{
    marks: number;
    pass_threshold: number;
    videos: number;
    files: number;
    questions: number;
  }>(
    `SELECT m.marks, m.pass_threshold,
            (SELECT count(*)::int FROM training_videos v WHERE v.module_id = m.id) AS videos,
            (SELECT count(*)::int FROM training_files f WHERE f.module_id = m.id) AS files,
            (SELECT count(*)::int FROM training_questions q WHERE q.module_id = m.id) AS questions
       FROM training_master m WHERE m.module_name = $1`,
    [name],
  );
  expect(saved).toEqual({ marks: 3, pass_threshold: 60, videos: 2, files: 1, questions: 5 });
  // What was saved is what the editor shows after a reload.
  await page.reload();
  await expect(page.getByText('Pass threshold: 60%')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('link', { name: 'installer-checklist.pdf' })).toBeVisible();

  // The marks of a seeded module: a pass on the first page becomes a fail.
  const [attempt] = await query<{ id: number; user_id: number }>(
    `SELECT a.id, a.users_master_id AS user_id
       FROM training_user_attempt_index a JOIN training_master m ON m.id = a.module_id
      WHERE m.module_name = 'Selling Metro Fibre'
        AND a.id IN (SELECT id FROM training_user_attempt_index WHERE module_id = m.id ORDER BY created_at DESC, id DESC LIMIT 10)
        AND a.pass
        AND (SELECT count(*) FROM training_user_attempt_index b WHERE b.module_id = m.id AND b.users_master_id = a.users_master_id) = 1
      ORDER BY a.id DESC LIMIT 1`,
  );
  await page.goto('/training-modules');
  await page
    .getByRole('listitem')
    .filter({ hasText: 'Selling Metro Fibre' })
    .getByRole('link', { name: 'View Marks' })
    .click();
  await expect(page.getByRole('heading', { name: 'Marks: Selling Metro Fibre' })).toBeVisible();
  const markRow = page.getByRole('row').filter({ hasText: `Z-${attempt!.user_id}` });
  await expect(markRow.getByText('Passed')).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(11);
  await shoot(page, 'training-marks');
  await markRow.getByRole('button', { name: 'Mark as Failed' }).click();
  const confirm = page.getByRole('dialog', { name: 'Mark as failed?' });
  await confirm.getByRole('button', { name: 'Mark as Failed' }).click();
  await expect(page.getByText('Module marked as failed')).toBeVisible({ timeout: 30_000 });
  await expect(markRow.getByText('Failed', { exact: true })).toBeVisible();
  await expect(markRow.getByRole('button', { name: 'Mark as Failed' })).toBeDisabled();
  const [after] = await query<{ pass: boolean }>('SELECT pass FROM training_user_attempt_index WHERE id = $1', [
    attempt!.id,
  ]);
  expect(after!.pass).toBe(false);
});
