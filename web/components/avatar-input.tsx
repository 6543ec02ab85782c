import { Avatar, Button, Group, Input, Stack } from '@mantine/core';
import { useId, useRef, type ChangeEvent } from 'react';
import {
  AVATAR_FORM_TYPES,
  AVATAR_MAX_BYTES,
  AVATAR_MESSAGES,
  checkAvatarDataUrl,
} from '@domain/avatar';
import { notifyError } from '../lib/notify';
import classes from './avatar-input.module.css';

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the file'));
    reader.readAsDataURL(file);
  });
}

interface AvatarInputProps {
  /** The label of the file input, e.g. 'Avatar' or 'Upload avatar'. */
  label: string;
  description?: string;
  /** The image as a data URL, or '' for none. */
  value: string;
  onChange: (dataUrl: string) => void;
  /** Shown with a 'Remove avatar' button that resets to the placeholder. */
  removable?: 'always' | 'when-set' | 'never';
  disabled?: boolean;
}

/**
 * A native, labelled file input (keyboard and screen-reader friendly) with a preview. Only JPEG
 * or PNG under 2 MB whose bytes really are that image (docs/product.md#validation-and-messages, "Avatar upload").
 */
export function AvatarInput({
  label,
  description,
  value,
  onChange,
  removable = 'never',
  disabled,
}: AvatarInputProps) {
  const id = useId();
  const descriptionId = `${id}-description`;
  const inputRef = useRef<HTMLInputElement>(null);

  const clearInput = () => {
    if (inputRef.current) inputRef.current.value = '';
  };

  const refuse = (title: string, message: string) => {
    notifyError(title, message);
    clearInput();
  };

  const handleChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    if (!file) return;
    if (!(AVATAR_FORM_TYPES as readonly string[]).includes(file.type)) {
      return refuse(AVATAR_MESSAGES.invalidTypeTitle, AVATAR_MESSAGES.invalidType);
    }
    if (file.size > AVATAR_MAX_BYTES) {
      return refuse(AVATAR_MESSAGES.tooLargeTitle, AVATAR_MESSAGES.tooLarge);
    }
    try {
      const dataUrl = await readAsDataUrl(file);
      // A file named .png that is not a PNG is refused here rather than by the server.
      if (!checkAvatarDataUrl(dataUrl).ok) {
        return refuse(AVATAR_MESSAGES.invalidTypeTitle, AVATAR_MESSAGES.invalidType);
      }
      onChange(dataUrl);
    } catch {
      refuse(AVATAR_MESSAGES.invalidTypeTitle, AVATAR_MESSAGES.invalidType);
    }
  };

  const remove = () => {
    clearInput();
    onChange('');
  };

  const showRemove = removable === 'always' || (removable === 'when-set' && value !== '');

  return (
    <Group align="center" gap="sm" wrap="nowrap">
      <Avatar
        src={value || null}
        alt={value ? 'Avatar preview' : undefined}
        color="violet"
        size={56}
        radius="xl"
      />
      <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
        <Input.Wrapper
          label={label}
          labelProps={{ htmlFor: id }}
          description={description}
          descriptionProps={{ id: descriptionId }}
        >
          <input
            ref={inputRef}
            id={id}
            type="file"
            accept={AVATAR_FORM_TYPES.join(',')}
            className={classes.file}
            aria-describedby={description ? descriptionId : undefined}
            disabled={disabled}
            onChange={(event) => void handleChange(event)}
          />
        </Input.Wrapper>
        {showRemove && (
          <Group>
            <Button variant="default" size="xs" onClick={remove} disabled={disabled}>
              Remove avatar
            </Button>
          </Group>
        )}
      </Stack>
    </Group>
  );
}
