import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { navigateTo } from '../../app/navigation/navigation';
import { renderApp } from '../../app/testing/renderApp';
import { storeSession } from '../../app/testing/session';
import { subscriptionWire, world, serveBilling } from './testing/billingServer';

serveBilling('bypass');

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe('billing banners', () => {
  it('count down the days of a free trial on every page', async () => {
    storeSession({ subscription_status: 'trialing' });
    world.user = { trial_end_date: day(5) };
    renderApp('/msas/analysis_by_system/spf');
    const banner = await screen.findByRole('region', { name: 'Subscription notice' });
    expect(banner).toHaveTextContent('Your free trial ends in 5 days.');
    expect(screen.getByRole('link', { name: 'See your plan' })).toHaveAttribute(
      'href',
      '/msas/settings/subscriptions',
    );
  });

  it('lead to the plans during the free days before any plan', async () => {
    storeSession({ subscription_status: null });
    world.user = { trial_end_date: day(3) };
    renderApp('/msas/analysis_by_system/spf');
    const banner = await screen.findByRole('region', { name: 'Subscription notice' });
    expect(banner).toHaveTextContent('Your free trial ends in 3 days.');
    expect(screen.getByRole('link', { name: 'Choose a plan' })).toHaveAttribute(
      'href',
      '/msas/settings/subscriptions',
    );
  });

  it('leave out the link to the page the user is on', async () => {
    storeSession({ subscription_status: 'trialing' });
    world.user = { trial_end_date: day(5) };
    renderApp('/msas/settings/subscriptions');
    const banner = await screen.findByRole('region', { name: 'Subscription notice' });
    expect(banner).toHaveTextContent('Your free trial ends in 5 days.');
    expect(screen.queryByRole('link', { name: 'See your plan' })).toBeNull();
  });

  it('say so on the trial’s last day, in Portuguese, and not after it', async () => {
    storeSession({ subscription_status: 'trialing' });
    world.user = { trial_end_date: day(0), language: 'pt' };
    const app = renderApp('/msas/analysis_by_system/spf');
    expect(await screen.findByText('Seu teste grátis termina hoje.')).toBeVisible();
    app.unmount();
    world.user = { trial_end_date: day(-1), language: 'pt' };
    const after = renderApp('/msas/analysis_by_system/spf');
    await waitFor(() => expect(after.store.getState().auth.user?.trialEndDate).toBe(day(-1)));
    expect(screen.queryByRole('region', { name: 'Subscription notice' })).toBeNull();
  });

  it('warn a past-due organization with the way to its payment method', async () => {
    storeSession({ subscription_status: 'past_due' });
    renderApp('/msas/analysis_by_system/spf');
    const banner = await screen.findByRole('region', { name: 'Subscription notice' });
    expect(banner).toHaveTextContent('Your last payment failed.');
    expect(screen.getByRole('link', { name: 'Update payment' })).toHaveAttribute(
      'href',
      '/msas/settings/billing',
    );
  });

  it('redirect to Subscriptions with the toast once a reload says the subscription is Cancelled', async () => {
    storeSession({ subscription_status: 'active' });
    world.subscription = subscriptionWire({ status: 'canceled', access: 'cancelled', force_reload: true });
    world.refreshedStatus = 'Cancelled';
    const app = renderApp('/msas/settings/billing');
    expect(await screen.findByRole('region', { name: 'Payment method' })).toBeVisible();
    await waitFor(() => expect(app.store.getState().auth.tokenData?.subscription_status).toBe('Cancelled'));
    navigateTo('/msas/analysis_by_system/spf');
    expect(
      await screen.findByText('In order to use Systems Explore, please update your subscription.'),
    ).toBeVisible();
    expect(await screen.findByRole('heading', { level: 1, name: 'Subscriptions' })).toBeVisible();
    expect(app.location()).toBe('/msas/settings/subscriptions');
  });
});
