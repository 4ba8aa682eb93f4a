import { Button, HStack } from '@chakra-ui/react';

interface AdminFilterButtonsProps<T extends string> {
  label: string;
  options: readonly T[];
  value: T;
  optionLabel: (option: T) => string;
  onChange: (option: T) => void;
}

/** A labelled row of toggle buttons of which one is pressed: a filter above an admin list. */
export function AdminFilterButtons<T extends string>({
  label,
  options,
  value,
  optionLabel,
  onChange,
}: AdminFilterButtonsProps<T>) {
  return (
    <HStack role="group" aria-label={label} gap="1" wrap="wrap">
      {options.map((option) => (
        <Button
          key={option}
          size={{ base: 'md', md: 'sm' }}
          variant={value === option ? 'solid' : 'outline'}
          aria-pressed={value === option}
          onClick={() => onChange(option)}
        >
          {optionLabel(option)}
        </Button>
      ))}
    </HStack>
  );
}
