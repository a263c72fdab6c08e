import type { Page } from '@playwright/test';
import { expect, signIn, test } from '../fixtures';

/**
 * The system's 'reduce motion' setting (WCAG 2.3.3): spinners, skeletons and transitions stand
 * still (apps/web/src/index.css). Checked on the app's own stylesheet with the classes the screens
 * use for them; without the setting they move as before.
 */
async function motionOf(page: Page) {
  return page.evaluate(async () => {
    const holder = document.createElement('div');
    holder.innerHTML =
      '<span class="animate-spin">a</span><span class="animate-pulse">b</span><span class="transition-opacity opacity-100">c</span>';
    document.body.append(holder);
    const fade = holder.lastElementChild as HTMLElement;
    fade.getBoundingClientRect();
    fade.style.opacity = '0'; // starts a transition when transitions are on
    const animations = document
      .getAnimations()
      .filter((a) => holder.contains((a.effect as KeyframeEffect | null)?.target ?? null));
    const timing = animations.map((a) => a.effect!.getComputedTiming());
    // Every one of them ends, and soon, or some run on (the spinner and the skeleton have no end).
    const allEnd = await Promise.race([
      Promise.all(animations.map((a) => a.finished)).then(() => true),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 2_000)),
    ]);
    const spinIterations = getComputedStyle(holder.firstElementChild!).animationIterationCount;
    holder.remove();
    return {
      animations: animations.length,
      longest: Math.max(...timing.map((t) => Number(t.duration))),
      spinIterations,
      allEnd,
    };
  });
}

test.describe('reduced motion', () => {
  test.describe('with the system setting', () => {
    test.use({ reducedMotion: 'reduce' });
    test('spinners, skeletons and transitions stand still', async ({ page, user }) => {
      await signIn(page, user);
      expect(await motionOf(page)).toEqual({ animations: 3, longest: 0.01, spinIterations: '1', allEnd: true });
    });
  });

  test.describe('without it', () => {
    test('they move', async ({ page, user }) => {
      await signIn(page, user);
      // The skeleton pulses for 2 s a round, the spinner turns once a second; both go on.
      expect(await motionOf(page)).toEqual({ animations: 3, longest: 2000, spinIterations: 'infinite', allEnd: false });
    });
  });
});
