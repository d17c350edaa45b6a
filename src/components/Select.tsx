import { useTranslation } from 'react-i18next';
import ReactSelect, { type MultiValue, type SingleValue } from 'react-select';
import { useTheme } from 'styled-components';
import { selectLook } from './selectLook';
import { sortOptions } from './sortOptions';

export { sortOptions } from './sortOptions';

export type SelectValue = string | number;
export type SelectOption<V extends SelectValue = SelectValue> = { label: string; value: V };

type BaseProps<V extends SelectValue> = {
  options: readonly SelectOption<V>[];
  inputId: string;
  placeholder?: string;
  ariaLabel?: string;
  name?: string;
  isDisabled?: boolean;
  isLoading?: boolean;
  isClearable?: boolean;
};
type SingleProps<V extends SelectValue> = BaseProps<V> & {
  isMulti?: false;
  value: SelectOption<V> | null;
  onChange: (value: SelectOption<V> | null) => void;
};
type MultiProps<V extends SelectValue> = BaseProps<V> & {
  isMulti: true;
  value: readonly SelectOption<V>[];
  onChange: (value: SelectOption<V>[]) => void;
};
export type SelectProps<V extends SelectValue = SelectValue> = SingleProps<V> | MultiProps<V>;

// Spec section 9: menu max height 300, min 140, page size 5.
export const selectMenuDefaults = { maxMenuHeight: 300, minMenuHeight: 140, pageSize: 5 } as const;
export const selectClassPrefix = 'msas-select';

export function Select<V extends SelectValue = SelectValue>(props: SelectProps<V>) {
  const { t } = useTranslation('components');
  const { theme, styles } = selectLook<SelectOption<V>, boolean>(useTheme());

  const common = {
    inputId: props.inputId,
    name: props.name,
    'aria-label': props.ariaLabel,
    options: sortOptions(props.options),
    placeholder: props.placeholder ?? t('components.select.placeholder'),
    noOptionsMessage: () => t('components.select.noOptions'),
    loadingMessage: () => t('components.select.loading'),
    isDisabled: props.isDisabled,
    isLoading: props.isLoading,
    isClearable: props.isClearable,
    classNamePrefix: selectClassPrefix,
    theme,
    styles,
    ...selectMenuDefaults,
  };

  if (props.isMulti) {
    const onChange = props.onChange;
    return (
      <ReactSelect<SelectOption<V>, true>
        {...common}
        isMulti
        value={props.value}
        onChange={(next: MultiValue<SelectOption<V>>) => onChange([...next])}
      />
    );
  }
  const onChange = props.onChange;
  return (
    <ReactSelect<SelectOption<V>, false>
      {...common}
      value={props.value}
      onChange={(next: SingleValue<SelectOption<V>>) => onChange(next)}
    />
  );
}
