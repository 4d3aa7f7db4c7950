"""The live club evening on the club's network (`keizer serve`): the app, its pages, live updates, its forms, its shield."""
