import { themeSchema, type Theme } from "@fieldops/shared/company-settings";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { useTheme } from "../../lib/theme";

const THEME_NAMES: Record<Theme, string> = { light: "Light", dark: "Dark", system: "System" };

/** The user's own theme: applied here at once and kept on the server for their other devices. */
export function ThemeCard() {
  // The app keeps the choice on the server as well (see ThemePreferenceSync).
  const { theme, setTheme } = useTheme();
  const choose = (next: Theme) => setTheme(next);
  return (
    <Card role="region" aria-labelledby="theme-title">
      <CardHeader>
        <CardTitle id="theme-title">Theme</CardTitle>
        <CardDescription>
          Light, dark, or as your device is set. Yours alone, on every device you sign in on.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <fieldset className="flex flex-wrap gap-4">
          <legend className="sr-only">Theme</legend>
          {themeSchema.options.map((option) => (
            <label key={option} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="theme"
                value={option}
                checked={theme === option}
                onChange={() => choose(option)}
              />
              {THEME_NAMES[option]}
            </label>
          ))}
        </fieldset>
      </CardContent>
    </Card>
  );
}
