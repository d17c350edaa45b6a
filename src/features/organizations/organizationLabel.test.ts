import { defaultOrganizationName } from '../../../contract/organizations';
import i18n from '../../i18n';
import { roleLabel } from '../users/roleLabel';
import { organizationLabel } from '../../components/organizationLabel';

describe('names the server gives in English', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('shows the default organization under its translated name, and others as named', async () => {
    await i18n.changeLanguage('pt');
    expect(organizationLabel(i18n.t, defaultOrganizationName)).toBe('Organização padrão');
    expect(organizationLabel(i18n.t, 'Acme')).toBe('Acme');
    await i18n.changeLanguage('en');
    expect(organizationLabel(i18n.t, defaultOrganizationName)).toBe('Default organization');
  });

  it('shows roles and the groups named after them in the interface language', async () => {
    await i18n.changeLanguage('pt');
    expect(roleLabel(i18n.t, 'admin')).toBe('Administrador');
    expect(roleLabel(i18n.t, 'Member')).toBe('Membro');
    expect(roleLabel(i18n.t, 'Auditors')).toBe('Auditors');
  });
});
