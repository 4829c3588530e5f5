"""The Learn scene: the course of ``game.training.course``, a lesson's page of words then its positions."""

from game.ui.learn.learn_scene import LearnScene

__all__ = ["LearnScene"]
