import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router-dom';
import { AppProviders } from '../../app/App';
import { createAppStore } from '../../app/store';
import { storeSession } from '../../app/testing/session';
import { setLanguage } from '../../i18n';
import { renderAnalytics } from '../analytics/testing/renderAnalytics';
import { SubscriptionsSection } from './components/SubscriptionsSection';
import { browserLocation } from './leave';
import { subscriptionWire, world, writes, serveBilling } from './testing/billingServer';

serveBilling();

const show = (path = '/msas/settings/subscriptions') => renderAnalytics(<SubscriptionsSection />, path);
const plan = () => screen.findByRole('region', { name: 'Your plan' });

describe('Settings → Subscriptions', { timeout: 20_000 }, () => {
  it('shows the plan, its status, price, renewal and limits, and sends plan changes to the portal', async () => {
    show();
    const current = await plan();
    await within(current).findByText('Team');
    expect(current).toHaveTextContent('Active');
    expect(current).toHaveTextContent('$49.00 / month');
    expect(current).toHaveTextContent('Renews onDec 1, 2026');
    expect(current).toHaveTextContent('Retention (days)90');
    const plans = await screen.findByRole('region', { name: 'Plans' });
    expect(plans).toHaveTextContent('To change your plan, open the billing portal.');
    expect(within(plans).getByText('Your current plan')).toBeVisible();
    expect(within(plans).queryByRole('button', { name: /Choose/ })).toBeNull();
  });

  it('says a free trial is over (token Cancelled, no subscription) and offers the plans', async () => {
    world.subscription = null;
    storeSession({ subscription_status: 'Cancelled' });
    render(
      <AppProviders store={createAppStore()}>
        <MemoryRouter initialEntries={['/msas/settings/subscriptions']}>
          <SubscriptionsSection />
        </MemoryRouter>
      </AppProviders>,
    );
    expect(
      await screen.findByText(
        'Your free trial has ended and your organization is read-only. Choose a plan below to use Systems Explore again.',
      ),
    ).toBeVisible();
    const plans = await screen.findByRole('region', { name: 'Plans' });
    expect(
      within(plans).getByRole('button', { name: 'Choose $49.00 / month for the Team plan' }),
    ).toBeVisible();
  });

  it('offers the plans in the customer’s currency and goes to Stripe’s checkout', async () => {
    world.subscription = null;
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
    show();
    expect(
      await screen.findByText('Your organization has no subscription yet. Choose a plan below to start.'),
    ).toBeVisible();
    const plans = await screen.findByRole('region', { name: 'Plans' });
    expect(plans).toHaveTextContent('14-day free trial');
    expect(plans).toHaveTextContent('DNS zones5');
    await userEvent.click(
      within(plans).getByRole('button', { name: 'Choose $49.00 / month for the Team plan' }),
    );
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://stripe.test/c/cs_1'));
    expect(writes()).toEqual([
      {
        method: 'POST',
        path: 'checkout',
        body: {
          price: 'price_team_usd',
          success_url: '/msas/settings/subscriptions?checkout=success',
          cancel_url: '/msas/settings/subscriptions?checkout=cancel',
        },
      },
    ]);
  });

  it('speaks Portuguese with prices in reais', async () => {
    await setLanguage('pt');
    world.user = { language: 'pt' };
    world.subscription = null;
    show();
    const plans = await screen.findByRole('region', { name: 'Planos' });
    await within(plans).findByText('Team');
    expect(
      within(plans).getByRole('button', { name: /Escolher R\$\s249,00 \/ mês para o plano Team/ }),
    ).toBeVisible();
    expect(plans).toHaveTextContent('14 dias de teste grátis');
  });

  it('ends a trial now, shows the reloaded subscription and refreshes the stale token', async () => {
    world.subscription = subscriptionWire({ status: 'trialing', trial_end: '2026-12-10T00:00:00Z' });
    world.changed = subscriptionWire({ status: 'active', force_reload: true });
    show();
    const current = await plan();
    expect(await within(current).findByText('Trial ends')).toBeVisible();
    await userEvent.click(within(current).getByRole('button', { name: 'End trial now' }));
    const dialog = await screen.findByRole('dialog', { name: 'End the trial now?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'End trial now' }));
    expect(await screen.findByText('Your trial has ended and your paid plan has started.')).toBeVisible();
    await waitFor(() => expect(current).toHaveTextContent('Active'));
    expect(within(current).queryByRole('button', { name: 'End trial now' })).toBeNull();
    await waitFor(() => expect(world.calls.map((c) => c.path)).toContain('refresh'));
    expect(writes().map((c) => c.path)).toEqual(['end_trial']);
  });

  it('shows why ending the trial failed, else the default message', async () => {
    world.subscription = subscriptionWire({ status: 'trialing', trial_end: '2026-12-10T00:00:00Z' });
    world.fail['POST end_trial'] = { status: 409, body: { detail: 'The subscription is not in a trial.' } };
    show();
    const current = await plan();
    const endTrial = async () => {
      await userEvent.click(await within(current).findByRole('button', { name: 'End trial now' }));
      const dialog = await screen.findByRole('dialog');
      await userEvent.click(within(dialog).getByRole('button', { name: 'End trial now' }));
    };
    await endTrial();
    expect(await screen.findByText('The subscription is not in a trial.')).toBeVisible();
    world.fail['POST end_trial'] = { status: 502, body: {} };
    await endTrial();
    expect(
      await screen.findByText('Something went wrong, please contact support or try again later.'),
    ).toBeVisible();
  });

  it('cancels at period end after a confirmation, with the spec message when it fails', async () => {
    world.fail['POST cancel'] = { status: 502, body: { detail: 'Stripe said no.' } };
    show();
    const current = await plan();
    await userEvent.click(await within(current).findByRole('button', { name: 'Cancel subscription' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel the subscription?' });
    expect(dialog).toHaveTextContent('The subscription ends on Dec 1, 2026');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel subscription' }));
    expect(await screen.findByText('Something went wrong while cancelling your subscription.')).toBeVisible();
    world.fail = {};
    world.changed = subscriptionWire({ cancel_at_period_end: true });
    await userEvent.click(within(current).getByRole('button', { name: 'Cancel subscription' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel subscription' }),
    );
    expect(
      await screen.findByText('Your subscription will end at the close of the current period.'),
    ).toBeVisible();
    expect(current).toHaveTextContent(
      'Your subscription ends on Dec 1, 2026. You keep every benefit until then.',
    );
    expect(current).toHaveTextContent('Ends onDec 1, 2026');
    world.changed = subscriptionWire();
    await userEvent.click(within(current).getByRole('button', { name: 'Resume subscription' }));
    expect(await screen.findByText('Your subscription continues.')).toBeVisible();
    expect(writes().map((c) => c.path)).toEqual(['cancel', 'cancel', 'resume']);
  });

  it('offers checkout again once the subscription has ended', async () => {
    world.subscription = subscriptionWire({ status: 'canceled', access: 'cancelled' });
    show();
    const current = await plan();
    expect(await within(current).findByText('Cancelled')).toBeVisible();
    expect(current).toHaveTextContent(
      'Your subscription has ended. Choose a plan to use Systems Explore again.',
    );
    expect(within(current).queryByRole('button', { name: 'Cancel subscription' })).toBeNull();
    // An ended plan's limits no longer hold, and a second subscription has no trial.
    expect(current).not.toHaveTextContent('What your plan allows');
    const plans = await screen.findByRole('region', { name: 'Plans' });
    expect(plans).not.toHaveTextContent('free trial');
    expect(
      within(plans).getByRole('button', { name: 'Choose $49.00 / month for the Team plan' }),
    ).toBeEnabled();
  });

  it('back from checkout, waits for Stripe to confirm and then shows the plan', async () => {
    world.subscription = null;
    show('/msas/settings/subscriptions?checkout=success');
    expect(
      await screen.findByText('Thank you! Your payment was received; your plan is being activated.'),
    ).toBeVisible();
    const current = await plan();
    expect(
      await within(current).findByText('Waiting for Stripe to confirm your subscription…'),
    ).toBeVisible();
    // No second checkout while the first one's subscription is on its way.
    const plans = await screen.findByRole('region', { name: 'Plans' });
    expect(within(plans).queryByRole('button', { name: /Choose/ })).toBeNull();
    // The webhook arrives: the next poll shows the trial.
    world.subscription = subscriptionWire({ status: 'trialing', trial_end: '2026-12-10T00:00:00Z' });
    expect(await within(current).findByText('Trial', {}, { timeout: 5_000 })).toBeVisible();
    // The plan says it now; the note goes, and so does ?checkout=success (a reload would repeat it).
    await waitFor(() =>
      expect(
        screen.queryByText('Thank you! Your payment was received; your plan is being activated.'),
      ).toBeNull(),
    );
  });

  it('says billing is off when the server has no Stripe', async () => {
    world.enabled = false;
    show();
    expect(await screen.findByRole('heading', { name: 'Billing is off' })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Plans' })).toBeNull();
  });

  it('tells a failed load with the spec message and retries', async () => {
    world.fail['GET subscriptions'] = { status: 500, body: {} };
    show();
    const current = await plan();
    expect(await within(current).findByRole('alert')).toHaveTextContent(
      'Something went wrong, please try again later.',
    );
    world.fail = {};
    await userEvent.click(within(current).getByRole('button', { name: 'Try again' }));
    expect(await within(await plan()).findByText('Team')).toBeVisible();
  });
});
