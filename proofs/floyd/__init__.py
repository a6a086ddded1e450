"""R. W. Floyd, "More dynamic programming" (Stanford teaching note, 1983) (floyd): a two-dice race to 25."""
