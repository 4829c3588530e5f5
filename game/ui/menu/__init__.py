"""The first screen: the menu's rows, the choices they cycle through, and the settings they change."""
