// @vitest-environment jsdom
import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DashboardTabs } from '@/features/dashboard/components/dashboard-tabs';
import { i18n } from '@/lib/i18n';
import { renderWithApp } from './support/render';

describe('dashboard tabs', () => {
  it('badges the Messages tab with the unread conversations, named for screen readers', async () => {
    await renderWithApp(<DashboardTabs unread={{ messages: 2 }} />, { path: '/dashboard' });
    const tab = await screen.findByRole('tab', { name: 'Messages, 2 unread' });
    expect(screen.getByTestId('tab-unread').textContent).toBe('2');
    expect(tab.contains(screen.getByTestId('tab-unread'))).toBe(true);
    // The other tabs keep their plain names and no badge.
    expect(screen.getByRole('tab', { name: 'Orders' })).toBeTruthy();
    expect(screen.getAllByTestId('tab-unread')).toHaveLength(1);

    await act(() => i18n.changeLanguage('ru'));
    expect(await screen.findByRole('tab', { name: 'Сообщения, непрочитанных: 2' })).toBeTruthy();
    await act(() => i18n.changeLanguage('en'));
  });

  it('shows no badge without unread conversations, and 99+ for very many', async () => {
    const view = await renderWithApp(<DashboardTabs unread={{ messages: 0 }} />, { path: '/dashboard' });
    expect(await screen.findByRole('tab', { name: 'Messages' })).toBeTruthy();
    expect(screen.queryByTestId('tab-unread')).toBeNull();
    view.unmount();

    await renderWithApp(<DashboardTabs unread={{ messages: 150 }} />, { path: '/dashboard' });
    expect(await screen.findByRole('tab', { name: 'Messages, 150 unread' })).toBeTruthy();
    expect(screen.getByTestId('tab-unread').textContent).toBe('99+');
  });
});
