import { spawn } from 'node:child_process';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StripeFake } from '../../fakes/stripe/stripe-fake';
import { builtCommand } from '../../support/processes';

let fake: StripeFake;
beforeEach(async () => {
  fake = await StripeFake.start();
});
afterEach(() => fake.stop());

function stripeSync(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, builtCommand('stripe-sync'), {
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('npm run stripe:sync', () => {
  it('syncs the catalog into the Stripe at STRIPE_API_URL, and says so when there is nothing left to do', async () => {
    const env = { STRIPE_SECRET_KEY: 'sk_test_tomo_fake', STRIPE_API_URL: fake.url };

    const first = await stripeSync(env);
    const second = await stripeSync(env);

    expect(first).toMatchObject({ code: 0, stderr: '' });
    expect(first.stdout).toMatch(/^created\s+price\s+gpt50_8k_per_response\s+price_/m);
    expect(first.stdout).toContain('Stripe catalog synced: 15 change(s).');
    expect(second.stdout).toContain('Stripe catalog already up to date.');
    expect(fake.state.prices.size).toBe(9);
  });

  it('stops with one line when STRIPE_SECRET_KEY is missing', async () => {
    const result = await stripeSync({ STRIPE_API_URL: fake.url });

    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe('Invalid configuration: STRIPE_SECRET_KEY is required for stripe:sync (unset)');
    expect(fake.calls).toEqual([]);
  });
});
