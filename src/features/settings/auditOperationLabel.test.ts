import { auditOperationNames } from '../../../contract/audit';
import i18n from '../../i18n';
import en from '../../../locales/en/auditOperations.json';
import pt from '../../../locales/pt/auditOperations.json';
import { auditOperationLabel } from './auditOperationLabel';

describe('audit operation labels', () => {
  it('has a label in en and pt for every operation the server can write', () => {
    const missing = (labels: Record<string, string>) => auditOperationNames.filter((n) => !labels[n]?.trim());
    expect(missing(en)).toEqual([]);
    expect(missing(pt)).toEqual([]);
    expect(Object.keys(en).sort()).toEqual([...auditOperationNames].sort());
  });

  it('shows the label in the interface language, and an unknown name as it is', async () => {
    await i18n.changeLanguage('pt');
    expect(auditOperationLabel(i18n.t, 'reports.upload')).toBe('Relatórios enviados');
    expect(auditOperationLabel(i18n.t, 'authenticate')).toBe('Login');
    await i18n.changeLanguage('en');
    expect(auditOperationLabel(i18n.t, 'reports.upload')).toBe('Reports uploaded');
    expect(auditOperationLabel(i18n.t, 'future.thing')).toBe('future.thing');
  });
});
