// A t() over one namespace's parsed catalogue, for tests that word server messages without i18next:
// {{placeholders}} filled from the values, a key the catalogue lacks shown as its defaultValue (as i18next).

type Catalogue = Record<string, Record<string, string>>;

export function catalogueT(catalogue: object) {
  return (key: string, vars: Record<string, string> = {}) => {
    const [section, name] = key.split('.') as [string, string];
    const text = (catalogue as Catalogue)[section]?.[name] ?? vars.defaultValue ?? key;
    return text.replace(/\{\{(\w+)\}\}/g, (_, v: string) => vars[v] ?? `{{${v}}}`);
  };
}
