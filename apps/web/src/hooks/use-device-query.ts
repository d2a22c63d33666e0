import { useEffect, useRef, useState } from "react";
import { onDeviceChange } from "../lib/device-database";

/**
 * What `read` finds on the device, read again whenever the device's data changes (in this tab or another); undefined
 * until the first read answers. `key` names what is read: a new key reads again (the last answer is shown meanwhile).
 */
export function useDeviceQuery<T>(key: string, read: () => Promise<T>): T | undefined {
  const [value, setValue] = useState<T | undefined>(undefined);
  const latestRead = useRef(read);
  latestRead.current = read;
  useEffect(() => {
    let mounted = true;
    let asked = 0;
    const load = () => {
      const mine = ++asked;
      latestRead.current().then(
        (answer) => {
          if (mounted && mine === asked) setValue(answer);
        },
        () => undefined,
      );
    };
    load();
    const stop = onDeviceChange(load);
    return () => {
      mounted = false;
      stop();
    };
  }, [key]);
  return value;
}
